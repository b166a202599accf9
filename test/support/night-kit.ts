/**
 * A night as a new user meets it, for tests that run the compiled binary: a VIGIL_HOME with a
 * config file, a CLAUDE_CONFIG_DIR whose registry lists stand-in sessions (real `sleep`
 * processes), a private tmux server (TMUX_TMPDIR), a stand-in `claude` on PATH, a webhook
 * receiver on 127.0.0.1, and `vigil watch --once` as a child process at a pinned clock.
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { probe } from "../../src/edge/proc.ts";
import { openStore } from "../../src/edge/store.ts";
import { BIN, type Run, testEnv } from "./vigil.ts";

/** One alert the receiver got: a webhook body's `event` and `detail`, or an ntfy message's title. */
export interface Received {
  event: string;
  detail: string | null;
  /** ntfy's title header (null for a JSON webhook). */
  title: string | null;
}

/** A stand-in `claude` for restarts. */
export type FakeClaude =
  /** Exits at once, as a resume whose cwd or session is gone does. */
  | "dies"
  /** Registers itself as Claude Code does, appends a record to the transcript, stays up. */
  | "comes-back";

export interface Kit {
  env: Record<string, string>;
  claudeDir: string;
  received: Received[];
  receiverUrl: string;
  /** Start a stand-in session registered in Claude Code's registry. */
  session(id: string): { id: string; pid: number; cwd: string; transcript: string; kill(): Promise<void> };
  /** Put a stand-in `claude` on the kit's PATH. */
  claude(kind: FakeClaude): void;
  /** `vigil <args>` as a child process (async, so the receiver in this process can answer). */
  run(args: string[], at?: number, stdin?: string, extra?: Record<string, string>): Promise<Run>;
  /**
   * Run the installed crontab line as cron does: a bare environment (HOME, LOGNAME, SHELL and
   * cron's PATH), nothing from the installer's shell but what the line itself carries.
   */
  cronPass(): Promise<Run>;
  /** Events of a kind, details parsed. */
  events(kind: string, sessionId?: string): Record<string, unknown>[];
  close(): void;
}

/** Build a kit whose config file holds `toml` plus a webhook notifier pointing at the receiver. */
export function nightKit(toml: string, opts: { notifier?: (url: string) => string } = {}): Kit {
  const received: Received[] = [];
  const server = Bun.serve({
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
  const receiverUrl = `http://127.0.0.1:${server.port}/hook`;
  const base = testEnv();
  const claudeDir = join(base.HOME, "claude");
  const bin = join(base.HOME, "bin");
  const tmuxDir = join(base.HOME, "tmux");
  for (const d of [join(claudeDir, "sessions"), bin, tmuxDir, base.VIGIL_HOME]) mkdirSync(d, { recursive: true });
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
  const notifier = opts.notifier?.(receiverUrl) ?? `notifiers = [{ kind = "webhook", url = "${receiverUrl}" }]`;
  writeFileSync(join(env.VIGIL_HOME, "config.toml"), `${toml}\n${notifier}\n`);
  const children: ReturnType<typeof Bun.spawn>[] = [];
  const db = join(env.VIGIL_HOME, "vigil.db");
  return {
    env,
    claudeDir,
    received,
    receiverUrl,
    session(id) {
      const cwd = join(base.HOME, "work", id);
      mkdirSync(cwd, { recursive: true });
      const child = Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
      children.push(child);
      const transcript = join(claudeDir, "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"), `${id}.jsonl`);
      mkdirSync(join(transcript, ".."), { recursive: true });
      writeFileSync(transcript, JSON.stringify({ type: "user", message: { content: "start" } }) + "\n");
      const file = join(claudeDir, "sessions", `${child.pid}.json`);
      const entry = {
        pid: child.pid,
        sessionId: id,
        cwd,
        startedAt: Date.now(),
        procStart: probe(child.pid)?.procStart,
      };
      writeFileSync(file, JSON.stringify(entry));
      return {
        id,
        pid: child.pid,
        cwd,
        transcript,
        async kill() {
          child.kill("SIGKILL");
          await child.exited;
          rmSync(file, { force: true });
        },
      };
    },
    claude(kind) {
      const sessions = join(claudeDir, "sessions");
      const body = kind === "dies" ? `exit 1` : `t="$(pwd)"; ps=$(cut -d' ' -f22 /proc/$$/stat)
printf '{"pid":%s,"sessionId":"%s","cwd":"%s","startedAt":%s000,"procStart":"%s"}' $$ "$2" "$t" "$(date +%s)" "$ps" > '${sessions}'/$$.json
f="${claudeDir}/projects/$(printf %s "$t" | sed 's/[^a-zA-Z0-9]/-/g')/$2.jsonl"
printf '%s\\n' '{"type":"user","message":{"content":"resumed"}}' >> "$f"
exec sleep 1000`;
      writeFileSync(join(bin, "claude"), `#!/bin/sh\n[ "$1" = --resume ] || exit 64\n${body}\n`);
      chmodSync(join(bin, "claude"), 0o755);
    },
    async run(args, at, stdin = "", extra = {}) {
      const p = Bun.spawn([BIN, ...args], {
        env: { ...env, ...extra, ...(at === undefined ? {} : { VIGIL_NOW: String(at) }) },
        stdin: Buffer.from(stdin),
        stdout: "pipe",
        stderr: "pipe",
      });
      const [stdout, stderr, code] = await Promise.all([
        new Response(p.stdout).text(),
        new Response(p.stderr).text(),
        p.exited,
      ]);
      return { code, stdout, stderr };
    },
    async cronPass() {
      const line = (await Bun.file(crontab).text()).split("\n").find((l) => l.includes("# vigil:watch")) ?? "";
      const command = line.split(" ").slice(5).join(" ");
      const bare = { HOME: base.HOME, LOGNAME: "vigil-test", SHELL: "/bin/sh", PATH: "/usr/bin:/bin" };
      const p = Bun.spawn(["/bin/sh", "-c", command], { env: bare, stdout: "pipe", stderr: "pipe" });
      const [stdout, stderr, code] = await Promise.all([
        new Response(p.stdout).text(),
        new Response(p.stderr).text(),
        p.exited,
      ]);
      return { code, stdout, stderr };
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
      Bun.spawnSync(["tmux", "kill-server"], { env });
      server.stop(true);
    },
  };
}
