/**
 * A watch pass against real processes: `sleep` children stand in for Claude Code sessions,
 * each with a registry file (real procStart) under a temporary CLAUDE_CONFIG_DIR and a
 * transcript at the path Claude Code would use. The clock is a literal that tests advance;
 * notify, restart and nudge are recorded unless a test passes real ones.
 */
import { deliverNudge } from "../../src/watch/nudge.ts";
import { nudgeDeps } from "../../src/watch/nudge-deps.ts";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { watchDeps } from "../../src/watch/deps.ts";
import { runWatchPass, type WatchDeps } from "../../src/watch/pass.ts";
import { transcriptPathFor } from "../../src/core/watch/targets.ts";
import { type Config, DEFAULT_CONFIG } from "../../src/core/config.ts";
import type { NotifyEvent } from "../../src/core/notify-format.ts";
import { probe } from "../../src/edge/proc.ts";
import type { RestartTarget } from "../../src/edge/restart.ts";
import { openStore, type Store } from "../../src/edge/store.ts";
import { parseAuditDetail } from "../../src/core/audit-details.ts";
import { isAuditKind } from "../../src/core/audit-kinds.ts";

export interface Session {
  id: string;
  pid: number;
  procStart: string;
  cwd: string;
  transcript: string;
  registryFile: string;
  child: ReturnType<typeof Bun.spawn>;
}

export interface Harness {
  root: string;
  claudeDir: string;
  store: Store;
  deps: WatchDeps;
  calls: {
    notify: NotifyEvent[];
    restart: RestartTarget[];
    restartPrompts: (string | null)[];
    nudge: [string, string][];
  };
  now(): number;
  advance(ms: number): void;
  pass(): ReturnType<typeof runWatchPass>;
  /** Start a stand-in session; `registry` overrides fields of its registry file. */
  session(id: string, registry?: Record<string, unknown>): Session;
  kill(s: Session, opts?: { keepRegistry?: boolean }): Promise<void>;
  events(kind: string, sessionId?: string): { at: number; detail: Record<string, unknown> }[];
  state(id: string): string | null;
  close(): void;
}

const line = (o: unknown) => JSON.stringify(o) + "\n";

/** A user record and a finished assistant turn, timestamped. */
export function records(at: number, kind: "prompt" | "end" | "feedback", text = "x"): string {
  const timestamp = new Date(at).toISOString();
  if (kind === "end") {
    return line({
      type: "assistant",
      timestamp,
      isSidechain: false,
      message: { id: `m${at}`, role: "assistant", stop_reason: "end_turn", content: [{ type: "text", text }] },
    });
  }
  const content = kind === "feedback" ? `Stop hook feedback:\n${text}` : text;
  return line({ type: "user", timestamp, isSidechain: false, message: { role: "user", content } });
}

/** Set a file's mtime (ms). */
export function touch(path: string, at: number): void {
  utimesSync(path, at / 1000, at / 1000);
}

export function appendTo(path: string, text: string): void {
  appendFileSync(path, text);
}

/** Build a harness; `config` overrides defaults, `deps` overrides dependencies. */
export function harness(opts: { config?: Partial<Config>; deps?: Partial<WatchDeps> } = {}): Harness {
  const root = mkdtempSync(join(tmpdir(), "vigil-watch-"));
  const claudeDir = join(root, "claude");
  mkdirSync(join(claudeDir, "sessions"), { recursive: true });
  const store = openStore(join(root, "vigil.db"));
  let closed = false;
  let clock = Date.now();
  const calls: Harness["calls"] = { notify: [], restart: [], restartPrompts: [], nudge: [] };
  const config: Config = { ...DEFAULT_CONFIG, ...opts.config };
  const env = { HOME: root, CLAUDE_CONFIG_DIR: claudeDir, PATH: process.env.PATH };
  const children: Session["child"][] = [];
  const deps: WatchDeps = {
    ...watchDeps(store, config, { env, now: () => clock }),
    notify: (e) => (calls.notify.push(e), Promise.resolve([])),
    restart: (t, prompt) => {
      calls.restart.push(t);
      calls.restartPrompts.push(prompt);
      return Promise.resolve({ ok: true, method: "new-session", target: "fake", command: "", error: null });
    },
    // The real nudge path with tmux recorded: the stand-ins have no inbox socket, so it falls back.
    nudge: (t, text, idleMs) => {
      const sendTmux = (pane: string) => (calls.nudge.push([pane, text]), Promise.resolve({ ok: true, error: null }));
      const deps = { ...nudgeDeps({ env, home: root }), sendTmux, now: () => clock, receiptWaitMs: 0 };
      return deliverNudge(t, text, deps, { idleMs });
    },
    // No pane lookup on whatever tmux server the test runs under (a developer's own panes hold
    // the stand-ins' ancestors): a test that wants one passes a private server's.
    paneOf: () => Promise.resolve(null),
    ...opts.deps,
  };
  return {
    root,
    claudeDir,
    store,
    deps,
    calls,
    now: () => clock,
    advance: (ms) => void (clock += ms),
    pass: () => runWatchPass(deps),
    session(id, registry = {}) {
      const child = Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
      children.push(child);
      const p = probe(child.pid);
      if (!p?.procStart) throw new Error("cannot probe the stand-in");
      const cwd = join(root, "work", id);
      mkdirSync(cwd, { recursive: true });
      const transcript = transcriptPathFor(claudeDir, cwd, id);
      if (transcript === null) throw new Error("no transcript path");
      mkdirSync(dirname(transcript), { recursive: true });
      writeFileSync(transcript, records(clock - 1000, "prompt", "start the ticket"));
      const registryFile = join(claudeDir, "sessions", `${child.pid}.json`);
      const entry = { pid: child.pid, sessionId: id, cwd, startedAt: clock, procStart: p.procStart, ...registry };
      writeFileSync(registryFile, JSON.stringify(entry));
      return { id, pid: child.pid, procStart: p.procStart, cwd, transcript, registryFile, child };
    },
    async kill(s, o = {}) {
      s.child.kill("SIGKILL");
      await s.child.exited;
      // Claude Code removes its registry file when it exits: the watcher must not need it.
      if (!o.keepRegistry) rmSync(s.registryFile, { force: true });
    },
    events(kind, sessionId) {
      return store.events({ kinds: [kind], sessionId }).map((e) => ({ at: e.at, detail: JSON.parse(e.detail) }));
    },
    state: (id) => store.loadSession(id)?.state ?? null,
    close() {
      for (const c of children) c.kill("SIGKILL");
      // A suite's afterEach may close the same harness again.
      if (closed) return;
      closed = true;
      // Every row a pass wrote has its kind's declared shape (src/core/audit-details.ts).
      const bad = store.events().filter((e) => !isAuditKind(e.kind) || parseAuditDetail(e.kind, e.detail) === null);
      store.close();
      rmSync(root, { recursive: true, force: true });
      if (bad.length > 0) throw new Error(`rows not of their kind's shape: ${JSON.stringify(bad)}`);
    },
  };
}
