/**
 * A night as a new user meets it, for tests that run the compiled binary: a VIGIL_HOME with a
 * config file, a CLAUDE_CONFIG_DIR whose registry lists stand-in sessions (real `sleep`
 * processes with their real procStart, transcripts the test writes from Claude Code's record
 * shapes, optionally an inbox: a Unix socket that answers as Claude Code's does), a private tmux
 * server (TMUX_TMPDIR), a stand-in `claude` on PATH for restarts, a webhook receiver on
 * 127.0.0.1, a stand-in `crontab`, and every vigil call (hooks, `vigil watch --once`, `night
 * on/off`, `status`, `serve`) a child process at a pinned clock (VIGIL_NOW) when asked.
 */
import { createHash } from "node:crypto";
import { appendFileSync, chmodSync, mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { dirname, join } from "node:path";
import { transcriptPathFor } from "../../src/core/watch/targets.ts";
import { probe } from "../../src/edge/proc.ts";
import { openStore } from "../../src/edge/store.ts";
import { jsonl, type Rec } from "./recorded-turns.ts";
import { writeFakeBoxProgram } from "../edge/fake-input-box.ts";
import { BIN, type Run, startServe, stopPayload, testEnv } from "./vigil.ts";
import { collect } from "./collect.ts";

export const MIN = 60_000;

/** One alert the receiver got: a webhook body's `event` and `detail`, or an ntfy message's title. */
export interface Received {
  event: string;
  detail: string | null;
  /** ntfy's title header (null for a JSON webhook). */
  title: string | null;
}

/** A stand-in `claude` for restarts; each resumed one records the prompt it got in `<HOME>/resumed-<id>`. */
export type FakeClaude =
  /** Exits at once, as a resume whose cwd or session is gone does. */
  | "dies"
  /** Registers itself as Claude Code does and stays up; the test writes what the session then does. */
  | "registers"
  /** Registers itself, appends a record to the transcript, stays up. */
  | "comes-back"
  /**
   * As "comes-back", then draws a stand-in for Claude Code's input box (test/edge/fake-input-box.ts) instead of
   * sleeping, so a nudge can be typed into it; lines submitted with Enter land in `<HOME>/box-<id>/submitted.jsonl`.
   */
  | "comes-back-with-box";

/** What the inbox writes into the transcript when a message arrives at `at`, given its content. */
export type InboxAnswer = (content: string, at: number) => Rec[];

/** A stand-in session: a `sleep` registered as Claude Code registers a TUI. */
export interface Stand {
  id: string;
  pid: number;
  cwd: string;
  transcript: string;
  registry: string;
  /** Messages the session's inbox received (the user frames' content). */
  inbox: string[];
  /** SIGKILL it and drop its registry entry, as a crash leaves it. */
  kill(): Promise<void>;
}

export interface KitOptions {
  /** The webhook notifier line(s) given the receiver's URL; "none" for no notifier at all. */
  notifier?: ((url: string) => string) | "none";
  /** Added to the environment (VIGIL_* overrides). */
  env?: Record<string, string>;
}

export interface Kit {
  env: Record<string, string>;
  claudeDir: string;
  received: Received[];
  receiverUrl: string;
  /** The kit's clock (starts three hours ago, so a test can move it hours on). */
  now(): number;
  advance(ms: number): void;
  /**
   * Start a stand-in session. Without `firstAt` its transcript holds one user record written
   * now; with it, a person's prompt at `firstAt` (the file's time too). `inbox` answers messages.
   */
  session(id: string, o?: { inbox?: InboxAnswer; firstAt?: number }): Promise<Stand>;
  /** Append records and set the transcript's mtime to the newest of them. */
  write(s: Stand, recs: readonly Rec[]): void;
  /** Put a stand-in `claude` on the kit's PATH. */
  claude(kind: FakeClaude): void;
  /**
   * `vigil <args>` as a child process (async, so the receiver and inboxes in this process can
   * answer), at vigil's clock `at` (undefined: the real clock).
   */
  run(args: string[], at?: number, stdin?: string, extra?: Record<string, string>): Promise<Run>;
  /** The Stop hook through the binary at the kit's clock, as Claude Code calls it; its parsed stdout. */
  stop(s: Stand, message: string): Promise<Record<string, unknown>>;
  /** One `vigil watch --once` at the kit's clock (or at `at`); throws when it does not exit 0. */
  pass(at?: number): Promise<Run>;
  /**
   * Run the installed crontab line as cron does: a bare environment (HOME, LOGNAME, SHELL and
   * cron's PATH), nothing from the installer's shell but what the line itself carries.
   */
  cronPass(): Promise<Run>;
  /** A real `vigil serve` on a free loopback port, over this kit's store, at its clock. */
  serve(): Promise<{ url: string; stop: () => Promise<void> }>;
  /** Events of a kind, details parsed. */
  events(kind: string, sessionId?: string): Record<string, unknown>[];
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

/** The receiver: every webhook body or ntfy message, in order. */
function startReceiver(received: Received[]): ReturnType<typeof Bun.serve> {
  return Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const title = req.headers.get("title");
      if (title !== null) received.push({ event: "ntfy", detail: await req.text(), title });
      else {
        const body: unknown = await req.json().catch(() => null);
        if (typeof body === "object" && body !== null) {
          const event = Reflect.get(body, "event"), detail = Reflect.get(body, "detail");
          received.push({ event: String(event), detail: typeof detail === "string" ? detail : null, title: null });
        }
      }
      return new Response("ok");
    },
  });
}

/** The stand-in `claude` script's body after its `--resume` check. */
function claudeBody(kind: FakeClaude, sessions: string, claudeDir: string, home: string): string {
  if (kind === "dies") return "exit 1";
  const append = kind === "comes-back" || kind === "comes-back-with-box"
    ? `f="${claudeDir}/projects/$(printf %s "$t" | sed 's/[^a-zA-Z0-9]/-/g')/$2.jsonl"
printf '%s\\n' '{"type":"user","message":{"content":"resumed"}}' >> "$f"\n`
    : "";
  return `t="$(pwd)"; ps=$(cut -d' ' -f22 /proc/$$/stat)
printf '{"pid":%s,"sessionId":"%s","cwd":"%s","startedAt":%s000,"procStart":"%s"}' $$ "$2" "$t" "$(date +%s)" "$ps" > '${sessions}'/$$.json
printf '%s' "$3" > '${home}'/resumed-"$2"
${append}${
    kind === "comes-back-with-box"
      ? `mkdir -p '${home}'/box-"$2"; exec '${process.execPath}' '${writeFakeBoxProgram(home)}' '${home}'/box-"$2" '{}'`
      : "exec sleep 1000"
  }`;
}

/** Listen on `sock` as a session's inbox: each user frame is kept and answered into its transcript. */
async function listenInbox(sock: string, onMessage: (content: string) => void): Promise<Server> {
  const server = createServer({ allowHalfOpen: true }, (c) => {
    let buf = "";
    c.setEncoding("utf8");
    c.on("data", (d) => (buf += d));
    c.on("end", () => {
      for (const line of buf.split("\n").filter(Boolean)) {
        const frame = JSON.parse(line);
        if (frame.type === "user") onMessage(String(frame.message?.content ?? ""));
      }
      c.end();
    });
  });
  await new Promise<void>((r) => server.listen(sock, r));
  return server;
}

/** Build a kit whose config file holds `toml` plus a webhook notifier pointing at the receiver. */
export function nightKit(toml = "", opts: KitOptions = {}): Kit {
  const received: Received[] = [];
  const receiver = startReceiver(received);
  const receiverUrl = `http://127.0.0.1:${receiver.port}/hook`;
  const base = testEnv(opts.env);
  const claudeDir = join(base.HOME, "claude");
  const sessions = join(claudeDir, "sessions");
  const bin = join(base.HOME, "bin");
  const tmuxDir = join(base.HOME, "tmux");
  for (const d of [sessions, bin, tmuxDir, base.VIGIL_HOME]) mkdirSync(d, { recursive: true });
  // The user's crontab, kept in a file: `vigil watch --install` edits it through `crontab` as on any host.
  const crontab = join(base.HOME, "crontab");
  writeFileSync(
    join(bin, "crontab"),
    `#!/bin/sh\ncase "$1" in -l) [ -f '${crontab}' ] && exec cat '${crontab}'; exit 1;; -) exec cat > '${crontab}';; esac\nexit 2\n`,
  );
  chmodSync(join(bin, "crontab"), 0o755);
  const env: Record<string, string> = {
    ...base,
    PATH: `${bin}:${base.PATH}`,
    CLAUDE_CONFIG_DIR: claudeDir,
    TMUX_TMPDIR: tmuxDir,
    TERM: "xterm",
  };
  const notifier = opts.notifier === "none"
    ? ""
    : opts.notifier?.(receiverUrl) ?? `notifiers = [{ kind = "webhook", url = "${receiverUrl}" }]`;
  writeFileSync(join(env.VIGIL_HOME, "config.toml"), `${toml}\n${notifier}\n`);
  const children: ReturnType<typeof Bun.spawn>[] = [];
  const servers: Server[] = [];
  const db = join(env.VIGIL_HOME, "vigil.db");
  let clock = Date.now() - 3 * 60 * MIN;

  const run = async (args: string[], at?: number, stdin = "", extra: Record<string, string> = {}): Promise<Run> => {
    const p = Bun.spawn([BIN, ...args], {
      env: { ...env, ...extra, ...(at === undefined ? {} : { VIGIL_NOW: String(at) }) },
      stdin: Buffer.from(stdin),
      stdout: "pipe",
      stderr: "pipe",
    });
    return await collect(p);
  };
  const write = (s: Stand, recs: readonly Rec[]) => {
    appendFileSync(s.transcript, jsonl(recs));
    const newest = Math.max(...recs.map((r) => typeof r.timestamp === "string" ? Date.parse(r.timestamp) : 0));
    if (newest > 0) utimesSync(s.transcript, newest / 1000, newest / 1000);
  };

  return {
    env,
    claudeDir,
    received,
    receiverUrl,
    now: () => clock,
    advance: (ms) => void (clock += ms),
    async session(id, o = {}) {
      const cwd = join(base.HOME, "work", id);
      mkdirSync(cwd, { recursive: true });
      const child = Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
      children.push(child);
      const registry = join(sessions, `${child.pid}.json`);
      const transcript = transcriptPathFor(claudeDir, cwd, id);
      if (transcript === null) throw new Error("no transcript path");
      mkdirSync(dirname(transcript), { recursive: true });
      const s: Stand = {
        id,
        pid: child.pid,
        cwd,
        transcript,
        registry,
        inbox: [],
        async kill() {
          child.kill("SIGKILL");
          await child.exited;
          rmSync(registry, { force: true });
        },
      };
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
        servers.push(
          await listenInbox(sock, (content) => {
            s.inbox.push(content);
            write(s, answer(content, clock));
          }),
        );
        entry.messagingSocketPath = sock;
        const digest = createHash("sha256").update(sock).digest("hex");
        writeFileSync(
          join(sessions, `${child.pid}.${digest}.key`),
          JSON.stringify({ peerToken: "25d07143baf35776792aad601c6c6946" }),
        );
      }
      writeFileSync(registry, JSON.stringify(entry));
      if (o.firstAt === undefined) writeFileSync(transcript, jsonl([{ type: "user", message: { content: "start" } }]));
      else {
        write(s, [
          { type: "permission-mode", permissionMode: "bypassPermissions" },
          prompt(o.firstAt, "work through the ticket"),
        ]);
      }
      return s;
    },
    write,
    claude(kind) {
      writeFileSync(
        join(bin, "claude"),
        `#!/bin/sh\n[ "$1" = --resume ] || exit 64\n${claudeBody(kind, sessions, claudeDir, base.HOME)}\n`,
      );
      chmodSync(join(bin, "claude"), 0o755);
    },
    run,
    async stop(s, message) {
      return JSON.parse((await run(["hook"], clock, stopPayload(s, message))).stdout || "{}");
    },
    async pass(at) {
      const r = await run(["watch", "--once"], at ?? clock);
      if (r.code !== 0) throw new Error(`watch --once exited ${r.code}: ${r.stderr}`);
      return r;
    },
    async cronPass() {
      const line = (await Bun.file(crontab).text()).split("\n").find((l) => l.includes("# vigil:watch")) ?? "";
      const command = line.split(" ").slice(5).join(" ");
      const bare = { HOME: base.HOME, LOGNAME: "vigil-test", SHELL: "/bin/sh", PATH: "/usr/bin:/bin" };
      const p = Bun.spawn(["/bin/sh", "-c", command], { env: bare, stdout: "pipe", stderr: "pipe" });
      return await collect(p);
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
    events(kind, sessionId) {
      const store = openStore(db);
      try {
        return store.events({ kinds: [kind], sessionId }).map((e) => JSON.parse(e.detail));
      } finally {
        store.close();
      }
    },
    close() {
      for (const c of children) c.kill("SIGKILL");
      // The tmux server a restart started lives on this kit's private socket directory.
      Bun.spawnSync(["tmux", "kill-server"], { env, stdout: "ignore", stderr: "ignore" });
      for (const s of servers) s.close();
      receiver.stop(true);
    },
  };
}
