/**
 * vigil's hot path side by side with a compiled Bun no-op, a bash+jq statusLine and the
 * statusLine peers installable from npm (ccusage's native binary, @cometix/ccline's Rust
 * binary), in one interleaved run, each command's output on a pseudo-terminal as in a
 * terminal session, its payload on stdin through a socketpair, as Claude Code hands it.
 *
 *   bun run compile.ts --single && bun bench/side-by-side.ts [--rounds 15] [--no-1g] [--no-peers] [--only a,b]
 *
 * Prints per command: median wall time, × the no-op (the median of each round's ratio to the
 * median of the no-op's runs in that round, four spread through it; the order is rotated every
 * round), peak RSS, and for statusLines
 * the percentage shown against the right one (the transcript's last usage over the payload's
 * window). vigil runs three ways: a first call (a fresh VIGIL_HOME every run: the store is
 * created), a warm repeat (the same call on its own session: nothing changes, nothing is
 * written), and for hooks the three events alternating on one session (every call writes).
 * Hooks and statusLines run once more "via serve": in a home where a `vigil serve` listens on
 * the hook socket, so each call is forwarded to it (`forwardCall` in src/main.ts), hooks both as a
 * repeat and as a session's first call (a new session id every run); `--no-serve` leaves those
 * rows out. Hooks run a third way there: as HTTP hooks (`vigil install --http`), which start
 * no process at all: Claude Code POSTs the payload to serve, timed here as one request on a
 * new connection from this process (no pty, no RSS of their own). The statusLine runs a fourth
 * way there: the bash client `vigil install --http` writes (src/core/install/statusline-client.ts),
 * which posts to serve's `/statusline` and starts no vigil process, as a repeat and as a
 * session's first call. Peers are installed once into bench/data/peers with `npm install` (pinned
 * versions); without the registry they are left out and said so.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { httpEnvHeaders, httpStatuslineCommand } from "../src/core/install/entries.ts";
import { DATA, ensureNoop, ensureTranscript, median } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    rounds: { type: "string", default: "15" },
    "no-1g": { type: "boolean" },
    "no-peers": { type: "boolean" },
    "no-serve": { type: "boolean" },
    /** Only the commands whose name contains one of these (comma-separated); the references always run. */
    only: { type: "string" },
  },
  strict: true,
});
const ROUNDS = Number(values.rounds);
const ROOT = join(import.meta.dir, "..");
const BIN = join(ROOT, "dist", "vigil");
const PEERS = { ccusage: "20.0.24", "@cometix/ccline": "1.1.2" };

interface Cmd {
  name: string;
  argv: string[];
  stdin: string;
  env: Record<string, string>;
  /** The percentage a statusLine should show, when it is one. */
  expect?: number;
  /** Every run in a fresh home (a first call: no store yet). */
  fresh?: boolean;
  /** Every run on a session of its own (a session's first call, the store already there). */
  newSession?: (n: number) => string;
  /** No process: the payload is POSTed here, as Claude Code runs an HTTP hook. */
  url?: string;
}

let sessions = 0;
/** The payload for one run: a new session's when the command asks for one. */
function stdinFor(c: Cmd): string {
  return c.newSession ? c.newSession(sessions++) : c.stdin;
}

/** The command's environment for one run: a fresh home for a first call. */
function envFor(c: Cmd): Record<string, string> {
  return c.fresh ? envOf(home()) : c.env;
}

interface Run {
  ms: number;
  out: string;
  code: number | null;
}

/**
 * One run with stdout and stderr on a fresh pty and the payload on stdin through one end of a
 * socketpair, as Claude Code hands it to every hook (test/e2e/stdin-kind.e2e.test.ts): the
 * payload is written, then that end closed. Every command, the no-op too, is started through
 * the same `sh -c`, which moves the socket from fd 3 to fd 0.
 */
async function run(c: Cmd): Promise<Run> {
  if (c.url) return await post(c.url, stdinFor(c));
  let out = "";
  const { promise: drained, resolve } = Promise.withResolvers<void>();
  const term = new Bun.Terminal({
    cols: 200,
    rows: 10,
    data: (_t, d) => (out += new TextDecoder().decode(d)),
    // The pty's stream ends after the child's last write: what it printed is all read by then.
    exit: () => resolve(),
  });
  const argv = ["/bin/sh", "-c", 'exec 0<&3 3<&-; exec "$0" "$@"', ...c.argv];
  const t0 = performance.now();
  const env = envFor(c);
  const p = Bun.spawn(
    argv,
    {
      terminal: term,
      stdio: ["inherit", "inherit", "inherit", "pipe"],
      env,
      cwd: env.HOME,
    } as Parameters<typeof Bun.spawn>[1],
  );
  writePayload((p as unknown as { stdio: unknown[] }).stdio[3] as number, stdinFor(c));
  const code = await p.exited;
  const ms = performance.now() - t0;
  // A command that printed nothing gets no exit callback from the pty: what it printed has
  // arrived within 50 ms of its exit. (This used to wait 1 s, and so put a second of idle
  // machine before every silent command's successor.)
  await Promise.race([drained, Bun.sleep(50)]);
  term.close();
  return { ms, out, code };
}

const ENV_HEADERS = Object.fromEntries(Object.keys(httpEnvHeaders().headers).map((h) => [h, ""]));

/** One HTTP hook call: a POST on a new connection, timed until the answer is read. */
async function post(url: string, body: string): Promise<Run> {
  const t0 = performance.now();
  const r = await fetch(url, {
    method: "POST",
    body,
    // As Claude Code sends an installed HTTP hook: the env headers, here all unset ("").
    headers: { "content-type": "application/json", connection: "close", ...ENV_HEADERS },
    keepalive: false,
  });
  const out = await r.text();
  const ms = performance.now() - t0;
  if (!r.ok) throw new Error(`POST ${url} answered ${r.status}: ${out.slice(0, 200)}`);
  return { ms, out, code: 0 };
}

/** Write all of `text` to the socket `fd`, then close it: the command's stdin ends there. */
function writePayload(fd: number, text: string): void {
  let buf = Buffer.from(text);
  try {
    while (buf.length > 0) {
      try {
        buf = buf.subarray(writeSync(fd, buf));
      } catch (e) {
        if (e instanceof Error && "code" in e && e.code === "EAGAIN") continue;
        // A command that exits without reading (the no-op) closes its end first.
        if (e instanceof Error && "code" in e && e.code === "EPIPE") return;
        throw e;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Peak RSS of one run (GNU time, stdin from the payload, outside the timed rounds), in MiB. */
function peakMiB(c: Cmd): number | null {
  if (!existsSync("/usr/bin/time") || c.url) return null;
  const env = envFor(c);
  const r = Bun.spawnSync(["/usr/bin/time", "-f", "%M", ...c.argv], {
    stdin: new TextEncoder().encode(stdinFor(c)),
    env,
    cwd: env.HOME,
    stdout: "ignore",
    stderr: "pipe",
  });
  const kib = Number(r.stderr.toString().trim().split("\n").at(-1));
  return Number.isFinite(kib) ? kib / 1024 : null;
}

/** The peers' binaries, installed once from npm at pinned versions; null when unavailable. */
function peers(): { ccusage: string | null; ccline: string | null } {
  const dir = join(DATA, "peers");
  const ccusage = join(dir, "node_modules/@ccusage/ccusage-linux-x64/bin/ccusage");
  const ccline = join(dir, "node_modules/@cometix/ccline-linux-x64/ccline");
  if (values["no-peers"] || process.platform !== "linux" || process.arch !== "x64") {
    return { ccusage: null, ccline: null };
  }
  if (!existsSync(ccusage) || !existsSync(ccline)) {
    mkdirSync(dir, { recursive: true });
    const specs = Object.entries(PEERS).map(([n, v]) => `${n}@${v}`);
    const r = Bun.spawnSync(["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix", dir, ...specs], {
      stdout: "ignore",
      stderr: "pipe",
    });
    if (r.exitCode !== 0) console.log(`peers not installed (npm: ${r.stderr.toString().trim().split("\n").at(-1)})`);
  }
  // npm does not always keep the executable bit of a package's binary.
  for (const f of [ccusage, ccline]) if (existsSync(f)) chmodSync(f, 0o755);
  return { ccusage: existsSync(ccusage) ? ccusage : null, ccline: existsSync(ccline) ? ccline : null };
}

/** The last main-chain usage of a transcript, as the statusLine's `current_usage` would carry it. */
function lastUsage(path: string): Record<string, number> {
  const size = Bun.file(path).size;
  const tail = readFileSync(path).subarray(Math.max(0, size - 1_000_000)).toString("utf8").split("\n");
  for (let i = tail.length - 1; i >= 0; i--) {
    if (!tail[i].includes('"usage"')) continue;
    try {
      const r = JSON.parse(tail[i]);
      const u = r?.message?.usage;
      if (r.type === "assistant" && !r.isSidechain && u) {
        return {
          input_tokens: u.input_tokens ?? 0,
          output_tokens: u.output_tokens ?? 0,
          cache_creation_input_tokens: u.cache_creation_input_tokens ?? 0,
          cache_read_input_tokens: u.cache_read_input_tokens ?? 0,
        };
      }
    } catch {
      // a cut line at the tail's start
    }
  }
  throw new Error(`no usage in ${path}`);
}

const noop = ensureNoop();
const sizes: [string, number][] = [["1MB", 1e6], ["100MB", 1e8]];
if (!values["no-1g"]) sizes.push(["1GB", 1e9]);
for (const [label, bytes] of sizes) ensureTranscript(label, bytes);
const transcript = (label: string) => join(DATA, `transcript-${label}.jsonl`);

const status = JSON.parse(
  readFileSync(join(ROOT, "test/fixtures/claude-code-2.1.328/hooks/tui/StatusLine.jsonl"), "utf8").split("\n")
    .filter(Boolean).at(-1) ?? "{}",
).stdin;
const hookBase = JSON.parse(
  readFileSync(join(ROOT, "test/fixtures/claude-code-2.1.328/hooks/basic/PreToolUse.jsonl"), "utf8").split("\n")[0],
).stdin;

/** A statusLine payload for a transcript: its real usage, or null as on a resumed session's first render. */
function statusPayload(label: string, session: string, nullUsage: boolean): { json: string; expect: number } {
  const usage = lastUsage(transcript(label));
  const tokens = usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
  const window = status.context_window.context_window_size;
  const pct = Math.round((tokens / window) * 100);
  const p = {
    ...status,
    session_id: session,
    transcript_path: transcript(label),
    context_window: {
      ...status.context_window,
      current_usage: nullUsage ? null : usage,
      used_percentage: nullUsage ? null : pct,
      remaining_percentage: nullUsage ? null : 100 - pct,
    },
  };
  return { json: JSON.stringify(p), expect: pct };
}

const home = () => mkdtempSync(join(tmpdir(), "vigil-side-"));
const envOf = (h: string) => ({ PATH: process.env.PATH ?? "", HOME: h, VIGIL_HOME: h, TERM: "xterm-256color" });
const cmds: Cmd[] = [];
const h0 = home();
cmds.push({ name: "no-op (compiled bun)", argv: [noop], stdin: "", env: envOf(h0) });
// A second reference: vigil's own binary doing next to nothing (in a pipe harness it reads
// 1.00× the no-op), so a run whose no-op reads slow for the harness's reasons shows it.
cmds.push({ name: "vigil --version", argv: [BIN, "--version"], stdin: "", env: envOf(h0) });
{
  const s = statusPayload("1MB", "side-jq", false);
  cmds.push({
    name: "bash+jq statusline",
    argv: [join(import.meta.dir, "user-statusline.sh")],
    stdin: s.json,
    env: envOf(h0),
  });
}
/** A `vigil serve` on a home of its own, up before the rounds: hooks there forward to it. */
async function startServe(): Promise<{ env: Record<string, string>; url: string; pid: number; stop: () => void }> {
  const env = envOf(home());
  const proc = Bun.spawn([BIN, "serve", "--listen", "127.0.0.1:0"], { env, stdout: "pipe", stderr: "inherit" });
  const reader = proc.stdout.getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("vigil serve exited before listening");
    out += new TextDecoder().decode(value);
  }
  if (!out.includes("hooks forward to")) throw new Error(`vigil serve has no hook socket: ${out.trim()}`);
  const url = out.match(/listening on (http:\/\/\S+?)\/? /)?.[1];
  if (!url) throw new Error(`vigil serve printed no address: ${out.trim()}`);
  return { env, url: `${url}/hook`, pid: proc.pid, stop: () => proc.kill("SIGTERM") };
}
const served = values["no-serve"] ? null : await startServe();

const p = peers();
const bash = Bun.which("bash");
for (const [label] of sizes) {
  for (const nullUsage of label === "100MB" ? [false, true] : [false]) {
    const tag = `${label}${nullUsage ? ", null usage" : ""}`;
    const s = statusPayload(label, `side-${label}-${nullUsage}`, nullUsage);
    for (const fresh of [true, false]) {
      cmds.push({
        name: `vigil statusline ${tag}${fresh ? ", first call" : ""}`,
        argv: [BIN, "statusline"],
        stdin: s.json,
        env: envOf(home()),
        expect: s.expect,
        fresh,
      });
    }
    if (served) {
      cmds.push({
        name: `vigil statusline ${tag}, via serve`,
        argv: [BIN, "statusline"],
        stdin: s.json,
        env: served.env,
        expect: s.expect,
      });
      // The statusLine `install --http` writes: bash posts to serve, no vigil process.
      if (bash) {
        const client = httpStatuslineCommand(bash, Number(new URL(served.url).port), BIN);
        // Made once: the payload is written inside the timed part of a run.
        const fresh = statusPayload(label, "SIDE_HTTP_SESSION", nullUsage).json;
        const argv = ["/bin/sh", "-c", client];
        const http = { argv, env: served.env, expect: s.expect };
        cmds.push({ ...http, name: `vigil statusline ${tag}, HTTP (bash client)`, stdin: s.json });
        cmds.push({
          ...http,
          name: `vigil statusline ${tag}, HTTP (bash client), a session's first call`,
          stdin: "",
          newSession: (n) => fresh.replace("SIDE_HTTP_SESSION", `side-http-sl-${label}-${nullUsage}-${n}`),
        });
      }
    }
    if (p.ccusage) {
      cmds.push({
        name: `ccusage statusline ${tag}`,
        argv: [p.ccusage, "statusline", "--offline"],
        stdin: s.json,
        env: envOf(home()),
        expect: s.expect,
      });
    }
    if (p.ccline) {
      cmds.push({ name: `ccline ${tag}`, argv: [p.ccline], stdin: s.json, env: envOf(home()), expect: s.expect });
    }
  }
}

for (const [label] of sizes) {
  const base = { ...hookBase, transcript_path: transcript(label) };
  const events: [string, Record<string, unknown>][] = [
    ["PreToolUse", {}],
    ["UserPromptSubmit", { hook_event_name: "UserPromptSubmit", prompt: "run the parser tests" }],
    ["Stop", {
      hook_event_name: "Stop",
      stop_hook_active: false,
      last_assistant_message: "The parser tests pass; the fix is committed.",
    }],
  ];
  const shared = envOf(home());
  for (const [event, extra] of events) {
    const payload = (session: string) => JSON.stringify({ ...base, ...extra, session_id: session });
    const hook = (how: string, env: Record<string, string>, session: string, fresh = false): Cmd => ({
      name: `vigil hook ${event} ${label}, ${how}`,
      argv: [BIN, "hook"],
      stdin: payload(session),
      env,
      fresh,
    });
    cmds.push(hook("first call", shared, `side-first-${label}`, true));
    cmds.push(hook("repeat", envOf(home()), `side-repeat-${event}-${label}`));
    cmds.push(hook("alternating", shared, `side-hook-${label}`));
    if (served) {
      cmds.push({
        ...hook("a session's first call, via serve", served.env, ""),
        newSession: (n) => payload(`side-serve-first-${event}-${label}-${n}`),
      });
      cmds.push(hook("repeat, via serve", served.env, `side-serve-repeat-${event}-${label}`));
      cmds.push(hook("alternating, via serve", served.env, `side-serve-hook-${label}`));
      cmds.push({
        ...hook("a session's first call, HTTP hook (no process)", served.env, ""),
        newSession: (n) => payload(`side-http-first-${event}-${label}-${n}`),
        url: served.url,
      });
      cmds.push({
        ...hook("repeat, HTTP hook (no process)", served.env, `side-http-repeat-${event}-${label}`),
        url: served.url,
      });
    }
  }
}

if (values.only) {
  const wanted = values.only.split(",");
  const keep = cmds.filter((c, i) => i < 2 || wanted.some((w) => c.name.includes(w)));
  cmds.splice(0, cmds.length, ...keep);
}
const runs = new Map<string, Run[]>(cmds.map((c) => [c.name, []]));
/** Per round, each command's time over the no-op's in the same round. */
const ratios = new Map<string, number[]>(cmds.map((c) => [c.name, []]));
/**
 * The no-op runs this many times in every round, spread through it, and the round's reference
 * is their median: one no-op run per round made every ratio of that round move with it (a
 * round whose no-op ran slow read every command fast: `vigil --version` at 0.83×).
 */
const NOOP_RUNS = 4;
const reference = cmds[0];
// Warm-up round (first calls create stores and meter states), then counted rounds, each in
// another order, so no command always runs right after the same one.
for (let round = 0; round <= ROUNDS; round++) {
  const times = new Map<string, number[]>();
  const others = cmds.slice(1);
  const order = others.map((_, k) => others[(k + round) % others.length]);
  for (let i = NOOP_RUNS - 1; i >= 0; i--) order.splice(Math.round((i * order.length) / NOOP_RUNS), 0, reference);
  for (const c of order) {
    const r = await run(c);
    times.set(c.name, [...(times.get(c.name) ?? []), r.ms]);
    if (round > 0) runs.get(c.name)?.push(r);
  }
  const ref = median(times.get(reference.name) ?? [NaN]);
  if (round > 0) {
    for (const c of cmds) ratios.get(c.name)?.push(median(times.get(c.name) ?? [NaN]) / ref);
  }
}

/** The percentage a statusLine printed: the number before "%" (ANSI colours stripped). */
function shownPercent(out: string): number | null {
  // deno-lint-ignore no-control-regex
  const plain = out.replace(/\x1b\[[0-9;]*m/g, "");
  const m = plain.match(/(\d+(?:\.\d+)?)\s*%/);
  return m ? Number(m[1]) : null;
}

const rows = cmds.map((c) => {
  const rs = runs.get(c.name) ?? [];
  const ms = median(rs.map((r) => r.ms));
  const ratio = median(ratios.get(c.name) ?? []);
  const rss = c.url ? "no process" : peakMiB(c)?.toFixed(1) ?? "?";
  const shown = c.expect === undefined ? null : shownPercent(rs.at(-1)?.out ?? "");
  const right = c.expect === undefined
    ? ""
    : shown === null
    ? `none shown (right: ${c.expect} %)`
    : Math.round(shown) === c.expect
    ? `yes (${shown} %)`
    : `no (${shown} %, right: ${c.expect} %)`;
  return `| ${c.name} | ${ms.toFixed(1)} | ${ratio.toFixed(2)}× | ${rss} | ${right} |`;
});
console.log(
  `side by side, ${ROUNDS} interleaved rounds under a pty (one warm-up round; the no-op ${NOOP_RUNS} times a round, the reference their median), load average ${
    loadavg().map((l) => l.toFixed(2)).join(" ")
  } at the end\n`,
);
console.log("| command | median ms | × no-op | peak RSS MiB | shows the right percentage? |");
console.log("| --- | ---: | ---: | ---: | --- |");
for (const r of rows) console.log(r);
if (served) {
  // What the server that answered the forwarded and HTTP rows holds, after all of them (Linux).
  const status = existsSync(`/proc/${served.pid}/status`) ? readFileSync(`/proc/${served.pid}/status`, "utf8") : "";
  const kib = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  if (status) {
    console.log(
      `\nvigil serve after the run: peak RSS ${(kib("VmHWM") / 1024).toFixed(1)} MiB, now ${
        (kib("VmRSS") / 1024).toFixed(1)
      } MiB`,
    );
  }
  served.stop();
}
