/**
 * A night driven through the compiled binary: real `sleep` processes stand in for Claude Code
 * sessions (registry files with their real procStart), their transcripts are real files the
 * test writes from recorded Claude Code records, and every vigil call (the Stop hook, `vigil
 * watch --once`, `night on/off`, `status --json`) is a child process at a pinned clock
 * (VIGIL_NOW). Optionally a session has an inbox: a Unix socket that answers as Claude Code's
 * does and writes what Claude Code writes when a message arrives.
 */
import { createHash } from "node:crypto";
import { appendFileSync, chmodSync, mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { dirname, join } from "node:path";
import { transcriptPathFor } from "../../src/core/watch/targets.ts";
import { probe } from "../../src/edge/proc.ts";
import { BIN, type Run, startServe, stopPayload, testEnv, vigil } from "./vigil.ts";
import { jsonl, type Rec } from "./recorded-turns.ts";

export const MIN = 60_000;

export interface Stand {
  id: string;
  cwd: string;
  transcript: string;
  registry: string;
  child: ReturnType<typeof Bun.spawn>;
  /** Messages the session's inbox received (the user frames' content). */
  inbox: string[];
}

/** What the inbox writes into the transcript when a message arrives at `at`, given its content. */
export type InboxAnswer = (content: string, at: number) => Rec[];

export interface Night {
  env: Record<string, string>;
  claude: string;
  now(): number;
  advance(ms: number): void;
  run(args: string[], stdin?: string): Run;
  stand(id: string, o?: { inbox?: InboxAnswer; firstAt?: number }): Promise<Stand>;
  /** Append records and set the transcript's mtime to the newest of them. */
  write(s: Stand, recs: readonly Rec[]): void;
  /** The Stop hook through the binary, as Claude Code calls it; its parsed stdout. */
  stop(s: Stand, message: string): Record<string, unknown>;
  /**
   * One `vigil watch --once`, spawned without blocking this process (its inbox sockets must
   * answer while the pass runs); throws when it does not exit 0.
   */
  pass(): Promise<Run>;
  kill(s: Stand): Promise<void>;
  /** A real `vigil serve` on a free loopback port, over this night's store. */
  serve(): Promise<{ url: string; stop: () => Promise<void> }>;
  close(): void;
}

/** A user prompt record as Claude Code writes a typed one. */
export function prompt(at: number, text: string, extra: Rec = {}): Rec {
  return {
    type: "user",
    timestamp: new Date(at).toISOString(),
    isSidechain: false,
    uuid: `u-${at}`,
    message: { role: "user", content: text },
    ...extra,
  };
}

/** A main-chain assistant record: a turn ended with `text`, or a tool call when `tool` is given. */
export function reply(at: number, o: { text?: string; tool?: string }): Rec {
  const content = o.tool !== undefined
    ? [{ type: "tool_use", id: `tu-${at}`, name: o.tool, input: {} }]
    : [{ type: "text", text: o.text ?? "" }];
  return {
    type: "assistant",
    timestamp: new Date(at).toISOString(),
    isSidechain: false,
    uuid: `a-${at}`,
    message: {
      id: `m-${at}`,
      role: "assistant",
      model: "claude-opus-5-5",
      stop_reason: o.tool !== undefined ? "tool_use" : "end_turn",
      content,
    },
  };
}

/**
 * A night at a pinned clock, `extra` added to the environment (thresholds), `o.config` written
 * as config.toml. With `o.restarts`, a private tmux server (TMUX_TMPDIR) and a stand-in
 * `claude` on PATH that, resumed, registers itself as Claude Code does, writes the arguments
 * it got to `<HOME>/resumed-<id>` and stays up (the test writes what the session then does).
 */
export function night(extra: Record<string, string> = {}, o: { config?: string; restarts?: boolean } = {}): Night {
  const base = testEnv(extra);
  const claude = join(base.HOME, "claude");
  mkdirSync(join(claude, "sessions"), { recursive: true });
  mkdirSync(base.VIGIL_HOME, { recursive: true });
  if (o.config !== undefined) writeFileSync(join(base.VIGIL_HOME, "config.toml"), o.config);
  const env: Record<string, string> = { ...base, CLAUDE_CONFIG_DIR: claude };
  if (o.restarts) {
    const bin = join(base.HOME, "bin"), tmux = join(base.HOME, "tmux");
    mkdirSync(bin, { recursive: true });
    mkdirSync(tmux, { recursive: true });
    const sessions = join(claude, "sessions");
    writeFileSync(
      join(bin, "claude"),
      `#!/bin/sh
[ "$1" = --resume ] || exit 64
ps=$(cut -d' ' -f22 /proc/$$/stat)
printf '{"pid":%s,"sessionId":"%s","cwd":"%s","startedAt":%s000,"procStart":"%s"}' $$ "$2" "$(pwd)" "$(date +%s)" "$ps" > '${sessions}'/$$.json
printf '%s' "$3" > '${base.HOME}'/resumed-"$2"
exec sleep 1000
`,
    );
    chmodSync(join(bin, "claude"), 0o755);
    Object.assign(env, { PATH: `${bin}:${env.PATH}`, TMUX_TMPDIR: tmux, TERM: "xterm" });
  }
  let clock = Date.now() - 3 * 60 * MIN;
  const children: ReturnType<typeof Bun.spawn>[] = [];
  const servers: Server[] = [];
  const run = (args: string[], stdin = "") => vigil(args, stdin, { ...env, VIGIL_NOW: String(clock) });
  const write = (s: Stand, recs: readonly Rec[]) => {
    appendFileSync(s.transcript, jsonl(recs));
    const newest = Math.max(...recs.map((r) => typeof r.timestamp === "string" ? Date.parse(r.timestamp) : 0));
    if (newest > 0) utimesSync(s.transcript, newest / 1000, newest / 1000);
  };
  return {
    env,
    claude,
    now: () => clock,
    advance: (ms) => void (clock += ms),
    run,
    write,
    async stand(id, o = {}) {
      const cwd = join(base.HOME, "work", id);
      mkdirSync(cwd, { recursive: true });
      const child = Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
      children.push(child);
      const registry = join(claude, "sessions", `${child.pid}.json`);
      const transcript = transcriptPathFor(claude, cwd, id);
      if (transcript === null) throw new Error("no transcript path");
      mkdirSync(dirname(transcript), { recursive: true });
      const s: Stand = { id, cwd, transcript, registry, child, inbox: [] };
      const entry: Rec = {
        pid: child.pid,
        sessionId: id,
        cwd,
        startedAt: clock - MIN,
        procStart: probe(child.pid)?.procStart,
      };
      if (o.inbox) {
        const answer = o.inbox;
        const sock = join(base.HOME, `${id}.sock`);
        const server = createServer({ allowHalfOpen: true }, (c) => {
          let buf = "";
          c.setEncoding("utf8");
          c.on("data", (d) => (buf += d));
          c.on("end", () => {
            for (const line of buf.split("\n").filter(Boolean)) {
              const frame = JSON.parse(line);
              if (frame.type !== "user") continue;
              const content = String(frame.message?.content ?? "");
              s.inbox.push(content);
              write(s, answer(content, clock));
            }
            c.end();
          });
        });
        servers.push(server);
        await new Promise<void>((r) => server.listen(sock, r));
        entry.messagingSocketPath = sock;
        const digest = createHash("sha256").update(sock).digest("hex");
        writeFileSync(
          join(claude, "sessions", `${child.pid}.${digest}.key`),
          JSON.stringify({ peerToken: "25d07143baf35776792aad601c6c6946" }),
        );
      }
      writeFileSync(registry, JSON.stringify(entry));
      write(s, [
        { type: "permission-mode", permissionMode: "bypassPermissions" },
        prompt(o.firstAt ?? clock - 30_000, "work through the ticket"),
      ]);
      return s;
    },
    stop(s, message) {
      return JSON.parse(run(["hook"], stopPayload(s, message)).stdout || "{}");
    },
    async pass() {
      const p = Bun.spawn([BIN, "watch", "--once"], {
        env: { ...env, VIGIL_NOW: String(clock) },
        stdin: "ignore",
        stdout: "pipe",
        stderr: "pipe",
      });
      const [code, stdout, stderr] = await Promise.all([
        p.exited,
        new Response(p.stdout).text(),
        new Response(p.stderr).text(),
      ]);
      if (code !== 0) throw new Error(`watch --once exited ${code}: ${stderr}`);
      return { code, stdout, stderr };
    },
    async kill(s) {
      s.child.kill("SIGKILL");
      await s.child.exited;
      rmSync(s.registry, { force: true });
    },
    async serve() {
      const { url, proc } = await startServe({ ...env, VIGIL_NOW: String(clock) });
      children.push(proc);
      return {
        url,
        stop: async () => {
          proc.kill("SIGTERM");
          await proc.exited;
        },
      };
    },
    close() {
      for (const c of children) c.kill("SIGKILL");
      // The tmux server a restart started lives on this night's private socket directory.
      if (o.restarts) Bun.spawnSync(["tmux", "kill-server"], { env, stdout: "ignore", stderr: "ignore" });
      for (const s of servers) s.close();
    },
  };
}
