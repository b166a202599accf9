/**
 * A night in a box (issue 30): real Claude Code TUIs of one version as windows of one real tmux
 * server (the default server of the box's TMUX_TMPDIR, where `night on`'s pane lookup and the
 * watch's restarts find it), one fake Messages API answering every session by its working
 * directory, vigil installed with `vigil install --user` into the box's HOME, a webhook receiver
 * on 127.0.0.1 standing in for the notifier, and `vigil watch --every` running as its own
 * process with thresholds compressed to a minute. Everything lives under one temp dir.
 */
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeApi } from "../../src/prove/fake-api/server.ts";
import type { FakeApi } from "../../src/prove/fake-api/server.ts";
import type { Scenario } from "../../src/prove/fake-api/scenario.ts";
import { TUI_READY } from "../../src/prove/tmux-pane.ts";
import { claudeCommand, type ClaudeVersion } from "./cli.ts";
import { offlineEnv, parseJsonl, type Sandbox, vigilBin, writeSettings } from "./sandbox.ts";
import { installVigil } from "./vigil-install.ts";

/** One alert as the receiver got it. */
export interface Received {
  /** When it arrived, by the receiver's clock. */
  at: number;
  path: string;
  body: Record<string, unknown>;
}

/** A local HTTP notifier: every POST is kept, in order. */
export interface Receiver {
  url: string;
  received: Received[];
  stop(): void;
}

/** Start the receiver the box's config points its webhook notifier at. */
export function startReceiver(): Receiver {
  const received: Received[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      let body: unknown = null;
      try {
        body = await req.json();
      } catch {
        body = null;
      }
      const at = Date.now();
      received.push({
        at,
        path: new URL(req.url).pathname,
        body: typeof body === "object" && body !== null ? { ...body } : {},
      });
      return new Response("ok");
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, received, stop: () => void server.stop(true) };
}

export interface BoxOptions {
  version: ClaudeVersion;
  /** Session names; each gets its own working directory `work/<name>`. */
  sessions: readonly string[];
  /** Builds the fake API's scenario once the working directories are known. */
  scenario: (cwdOf: (name: string) => string) => Scenario;
  /** Extra config.toml lines (the box writes the compressed thresholds, recovery and the notifier). */
  config?: string;
  /**
   * `vigil watch --every` (default 5s: each pass is short; a behaviour waits for the pass after
   * its threshold, and the report session's last one for two passes after it).
   */
  every?: string;
}

/** A session of the box: its window, its directory and its Claude Code process. */
export interface BoxSession {
  name: string;
  cwd: string;
  /** The pane's process (the CLI: `env` execs it). */
  pid: number;
}

export interface Box {
  version: ClaudeVersion;
  root: string;
  home: string;
  vigilHome: string;
  /** Every invocation of `claude` through the PATH the watch restarts with: `<cwd>\t<args>`. */
  claudeLog: string;
  fake: FakeApi;
  receiver: Receiver;
  sessions: Map<string, BoxSession>;
  /** tmux on the box's server. */
  tmux(...args: string[]): { code: number; out: string };
  /** The visible text of a session's window. */
  screen(name: string): string;
  /** Type a line into a session's window (Enter once the text is drawn). */
  type(name: string, text: string): Promise<void>;
  /** `vigil <args>` with the box's HOME, VIGIL_HOME and tmux. */
  vigil(...args: string[]): { code: number; stdout: string; stderr: string };
  /** Start `vigil watch --every`. */
  startWatch(): void;
  /** The watch's output so far. */
  watchLog(): string;
  /**
   * SIGKILL a session's process: "killed", or "gone" when it had already exited by itself (the
   * night goes on: the watch must handle that death the same way).
   */
  kill(name: string): "killed" | "gone";
  /** Every transcript under the box's HOME, by session id (parsed JSONL); none before the first is written. */
  transcripts(): Map<string, Record<string, unknown>[]>;
  close(): Promise<void>;
}

/**
 * Poll `cond` every `everyMs` until it holds; throw `what` (with `detail()`) at `deadline`, or
 * when `cond` itself throws (named, so a reader's error says which wait it broke).
 */
export async function until(
  what: string,
  cond: () => boolean,
  deadline: number,
  detail: () => string = () => "",
  everyMs = 500,
): Promise<void> {
  const holds = () => {
    try {
      return cond();
    } catch (e) {
      throw new Error(`box: checking ${what} failed: ${e instanceof Error ? e.message : String(e)}\n${detail()}`);
    }
  };
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`box: ${what} did not happen in time\n${detail()}`);
    await Bun.sleep(everyMs);
  }
}

/**
 * Run one step of a night; a failure names the step and how far into the night (since `t0`) it
 * came, so CI's one-line failure says which path broke.
 */
export async function phase<T>(what: string, fn: () => T | Promise<T>, t0?: number): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const when = t0 === undefined ? "" : ` ${((Date.now() - t0) / 1000).toFixed(1)} s into the night`;
    throw new Error(`box: ${what} failed${when}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every transcript under `projects` by session id, parsed: none before Claude Code writes the
 * first (2.1.88 and 2.1.336 create the folder only with it, after the first prompt; a scan of
 * the missing folder threw ENOENT and failed the night early). The night's conditions read
 * every transcript several times a second in the process that also answers every session's
 * requests, so a file is parsed again only once it changed.
 */
export function transcriptReader(projects: string): () => Map<string, Record<string, unknown>[]> {
  const known = new Map<string, { size: number; mtimeMs: number; records: Record<string, unknown>[] }>();
  const parsed = (file: string) => {
    const st = statSync(file);
    const k = known.get(file);
    if (k && k.size === st.size && k.mtimeMs === st.mtimeMs) return k.records;
    const records = parseJsonl(readFileSync(file, "utf8"));
    known.set(file, { size: st.size, mtimeMs: st.mtimeMs, records });
    return records;
  };
  return () => {
    const out = new Map<string, Record<string, unknown>[]>();
    if (!existsSync(projects)) return out;
    for (const f of new Bun.Glob("*/*.jsonl").scanSync({ cwd: projects, onlyFiles: true })) {
      out.set(f.split("/")[1].replace(/\.jsonl$/, ""), parsed(join(projects, f)));
    }
    return out;
  };
}

/** Build the box, start every session's TUI and wait until each shows its input box. */
export async function openBox(o: BoxOptions): Promise<Box> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "vigil-box-")));
  const dirs = {
    home: join(root, "home"),
    vigilHome: join(root, "vigil"),
    tmp: join(root, "tmp"),
    bin: join(root, "bin"),
    work: join(root, "work"),
    tmuxTmp: join(root, "tmuxtmp"),
  };
  for (const d of [dirs.home, join(dirs.home, ".claude"), dirs.vigilHome, dirs.bin, dirs.work]) {
    mkdirSync(d, { recursive: true });
  }
  mkdirSync(dirs.tmp, { mode: 0o700 });
  const uid = process.getuid?.() ?? 0;
  const sockDir = join(dirs.tmuxTmp, `tmux-${uid}`);
  mkdirSync(sockDir, { recursive: true, mode: 0o700 });
  const socket = join(sockDir, "default");
  const cwdOf = (name: string) => join(dirs.work, name);
  for (const n of o.sessions) mkdirSync(cwdOf(n));

  const fake = startFakeApi(o.scenario(cwdOf));
  const receiver = startReceiver();
  const claudeLog = join(root, "claude.log");
  // The `claude` a user's PATH holds: this version's CLI, each call logged (the watch restarts through it).
  const claude = join(dirs.bin, "claude");
  const argv = claudeCommand(o.version).map((a) => `'${a}'`).join(" ");
  writeFileSync(claude, `#!/bin/sh\nprintf '%s\\t%s\\n' "$PWD" "$*" >> '${claudeLog}'\nexec ${argv} "$@"\n`);
  chmodSync(claude, 0o755);
  writeFileSync(claudeLog, "");

  const sandbox: Sandbox = {
    root,
    home: dirs.home,
    cwd: dirs.work,
    vigilHome: dirs.vigilHome,
    recordDir: join(root, "record"),
    tmp: dirs.tmp,
  };
  const path = `${dirs.bin}:${process.env.PATH ?? "/usr/bin:/bin"}`;
  const env = offlineEnv(sandbox, fake.url, { TERM: "xterm-256color", PATH: path });
  const tmux = (...args: string[]) => {
    const p = Bun.spawnSync(["tmux", "-S", socket, "-f", "/dev/null", ...args], {
      env: { ...env, TMUX_TMPDIR: dirs.tmuxTmp },
      stdout: "pipe",
      stderr: "pipe",
    });
    return { code: p.exitCode, out: p.stdout.toString() + p.stderr.toString() };
  };
  const sessions = new Map<string, BoxSession>();
  const readTranscripts = transcriptReader(join(dirs.home, ".claude", "projects"));
  const screen = (name: string) => tmux("capture-pane", "-p", "-t", `box:${name}`).out;
  const vigilEnv = {
    PATH: path,
    HOME: dirs.home,
    VIGIL_HOME: dirs.vigilHome,
    TMUX_TMPDIR: dirs.tmuxTmp,
    TZ: "UTC",
    NO_COLOR: "1",
  };
  const watchOut = join(root, "watch.log");
  let watch: ReturnType<typeof Bun.spawn> | null = null;
  const box: Box = {
    version: o.version,
    root,
    home: dirs.home,
    vigilHome: dirs.vigilHome,
    claudeLog,
    fake,
    receiver,
    sessions,
    tmux,
    screen,
    async type(name, text) {
      const target = `box:${name}`;
      const count = () => screen(name).replace(/\s+/g, "").split(text.replace(/\s+/g, "").slice(-24)).length;
      const before = count();
      tmux("send-keys", "-t", target, "-l", text);
      for (const end = Date.now() + 5_000; Date.now() < end && count() <= before;) await Bun.sleep(50);
      tmux("send-keys", "-t", target, "Enter");
    },
    vigil(...args) {
      const p = Bun.spawnSync([vigilBin(), ...args], { env: vigilEnv, stdout: "pipe", stderr: "pipe" });
      return { code: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
    },
    startWatch() {
      writeFileSync(watchOut, "");
      watch = Bun.spawn([vigilBin(), "watch", "--every", o.every ?? "5s"], {
        env: vigilEnv,
        stdout: Bun.file(watchOut),
        stderr: Bun.file(watchOut + ".err"),
      });
    },
    watchLog: () => {
      const read = (f: string) => {
        try {
          return readFileSync(f, "utf8");
        } catch {
          return "";
        }
      };
      return read(watchOut) + read(watchOut + ".err");
    },
    kill(name) {
      const s = sessions.get(name);
      if (s === undefined) throw new Error(`no session ${name}`);
      try {
        process.kill(s.pid, "SIGKILL");
        return "killed";
      } catch (e) {
        if (e instanceof Error && "code" in e && e.code === "ESRCH") return "gone";
        throw e;
      }
    },
    transcripts: () => readTranscripts(),
    async close() {
      if (watch !== null) {
        watch.kill("SIGTERM");
        await Promise.race([watch.exited, Bun.sleep(10_000)]);
        if (watch.exitCode === null) watch.kill("SIGKILL");
      }
      const pids = [...sessions.values()].map((s) => s.pid);
      tmux("kill-server");
      for (let i = 0; i < 50 && pids.some(alive); i++) await Bun.sleep(100);
      for (const p of pids.filter(alive)) process.kill(p, "SIGKILL");
      fake.stop();
      receiver.stop();
      if (process.env.VIGIL_BOX_KEEP === undefined) rmSync(root, { recursive: true, force: true });
      else appendFileSync(join(root, "KEPT"), "kept for inspection\n");
    },
  };
  try {
    await phase("vigil install --user", () => {
      // The version is named rather than asked of `claude --version`: under CI's load 2.1.88's
      // node start can outlast install's 10 s bound, and the version is not what this test is about.
      // --no-serve: the box's hooks run as commands, and no service manager outside the box is touched.
      installVigil(sandbox, o.version, ["--claude-version", o.version, "--no-serve"]);
      // Every restarted session must run its tools without asking, as the launched ones do.
      writeSettings(sandbox, o.version, "installed", {
        skipDangerousModePermissionPrompt: true,
        permissions: { defaultMode: "bypassPermissions" },
      });
      seedProjects(dirs.home, o.sessions.map(cwdOf));
      writeFileSync(
        join(dirs.vigilHome, "config.toml"),
        [
          "stale_after_minutes = 1",
          "restart_verify_minutes = 1",
          'recovery = "restart"',
          'nudge_text = "Carry on with the ticket."',
          o.config ?? "",
          "[[notifiers]]",
          'kind = "webhook"',
          `url = "${receiver.url}/alerts"`,
          "",
        ].join("\n"),
      );
    });
    // The server's global environment is the offline one: a restart's new window inherits it.
    const started = tmux("new-session", "-d", "-s", "box", "-x", "120", "-y", "40");
    if (started.code !== 0) throw new Error(`box: tmux new-session failed: ${started.out}`);
    const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    for (const name of o.sessions) {
      const r = tmux(
        "new-window",
        "-d",
        "-t",
        "box",
        "-n",
        name,
        "-c",
        cwdOf(name),
        "env",
        "-i",
        ...envArgs,
        ...claudeCommand(o.version),
        "--dangerously-skip-permissions",
      );
      if (r.code !== 0) throw new Error(`box: tmux new-window ${name} failed: ${r.out}`);
      const shown = tmux("display-message", "-p", "-t", `box:${name}`, "#{pane_pid}").out.trim();
      const pid = Number(shown);
      if (!Number.isInteger(pid) || pid <= 0) throw new Error(`tmux: no pane pid for ${name}: ${shown}`);
      sessions.set(name, { name, cwd: cwdOf(name), pid });
    }
    const deadline = Date.now() + 90_000;
    for (const name of o.sessions) {
      await until(`${name}'s TUI`, () => TUI_READY.test(screen(name)), deadline, () => screen(name));
    }
    // Running sessions are in Claude Code's registry (2.1.88 writes its entry a moment after
    // the input box is up): `night on` snapshots them from there, panes included. An entry is
    // in once it reads: 2.1.88 writes it with a plain writeFile, so the file exists, empty, for
    // a moment first (0.25-0.9 s measured with seven TUIs opening), and a `night on` run then
    // left that session out of its snapshot, and out of the night the box means to test.
    for (const s of sessions.values()) {
      const entry = join(dirs.home, ".claude", "sessions", `${s.pid}.json`);
      await until(`${s.name}'s registry entry`, () => registered(entry), deadline, () => screen(s.name));
    }
  } catch (e) {
    await box.close();
    throw e;
  }
  return box;
}

/** Whether a registry file holds an entry yet (it is created empty, then written). */
function registered(file: string): boolean {
  try {
    const entry: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof entry === "object" && entry !== null && "sessionId" in entry;
  } catch {
    return false;
  }
}

/** `~/.claude.json` past onboarding, the key approved and every session's directory trusted. */
function seedProjects(home: string, cwds: readonly string[]): void {
  const trusted = { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true };
  const seed = {
    hasCompletedOnboarding: true,
    customApiKeyResponses: { approved: ["test"], rejected: [] },
    projects: Object.fromEntries(cwds.map((c) => [c, trusted])),
  };
  writeFileSync(join(home, ".claude.json"), JSON.stringify(seed, null, 2));
}
