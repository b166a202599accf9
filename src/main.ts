/**
 * vigil's entry point: the only file that touches argv, the process environment and exit
 * codes. Commands are loaded lazily so the hook path pays only for what it uses; a hook call
 * or a statusLine render is first offered to a running `vigil serve` (`forwardCall`).
 */
import { type Ctx, Refusal } from "./cli/context.ts";
import { BUILD, VERSION } from "./cli/version.ts";
import { encodeForward, forwardedEnv } from "./core/forward.ts";
import { forward, hookSocketPath, socketPresent } from "./edge/hook-socket.ts";
import { resolvePaths } from "./edge/paths.ts";
import { readStdin, STDIN_CAP, type StdinResult } from "./edge/stdin.ts";
import { print, writeAll } from "./edge/stdout.ts";

type Command = (args: string[], ctx: Ctx) => number | Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  hook: async () => (await import("./cli/hook.ts")).hookCommand,
  statusline: async () => (await import("./cli/statusline.ts")).statuslineCommand,
  status: async () => (await import("./cli/status.ts")).statusCommand,
  config: async () => (await import("./cli/config.ts")).configCommand,
  demo: async () => (await import("./cli/demo.ts")).demoCommand,
  recall: async () => (await import("./cli/recall.ts")).recallCommand,
  report: async () => (await import("./cli/report.ts")).reportCommand,
  serve: async () => (await import("./cli/serve.ts")).serveCommand,
  watch: async () => (await import("./cli/watch.ts")).watchCommand,
  night: async () => (await import("./cli/night.ts")).nightCommand,
  state: async () => (await import("./cli/state.ts")).stateCommand,
  spec: async () => (await import("./cli/spec.ts")).specCommand,
  install: async () => (await import("./cli/install.ts")).installCommand,
  uninstall: async () => (await import("./cli/install.ts")).uninstallCommand,
  doctor: async () => (await import("./cli/doctor.ts")).doctorCommand,
  gc: async () => (await import("./cli/gc.ts")).gcCommand,
};

/** Commands Claude Code runs: they must exit 0 whatever happens (exit 2 would block). */
const FAIL_OPEN = new Set(["hook", "statusline"]);

async function main(argv: string[]): Promise<number> {
  const ctx: Ctx = {
    env: process.env,
    out: (s) => writeAll(1, s),
    print,
    err: (s) => writeAll(2, s),
    // VIGIL_NOW pins the clock (replays, tests of clock jumps); real runs leave it unset.
    now: process.env.VIGIL_NOW ? () => Number(process.env.VIGIL_NOW) : Date.now,
    // A getter: touching process.stdout builds node's stream machinery (measured: +0.2× the
    // no-op's time and +3 MiB on every hook), and only `recall` asks.
    get isTTY() {
      return process.stdout.isTTY === true;
    },
  };
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    ctx.out((await import("./cli/help.ts")).HELP.main + "\n");
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-V") {
    // Through Bun's stdout: node:fs, which `out` loads, would cost this 0.4× of the no-op.
    await ctx.print(`vigil ${VERSION}\n`);
    return 0;
  }
  const plain = !rest.includes("--help") && !rest.includes("-h");
  if (name === "hook" && plain) return await hook(rest, ctx);
  // A wrapped statusLine (--wrap) starts the user's command first: statusline.ts forwards it.
  if (name === "statusline" && plain && !rest.includes("--wrap") && !rest.includes("--then")) {
    return await statusline(rest, ctx);
  }
  const load = COMMANDS[name];
  if (!load) {
    ctx.err(`vigil: unknown command "${name}" (see vigil --help)\n`);
    return 2;
  }
  try {
    const command = await load();
    return await command(rest, ctx);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (FAIL_OPEN.has(name)) return (await failedOpen(name, ctx, msg), 0);
    ctx.err(`vigil: ${msg}\n`);
    if (e instanceof Refusal) return 1;
    return 2;
  }
}

/**
 * `vigil hook`: forwarded to a running `vigil serve` when one answers, else run here. Fails
 * open (exit 0, the failure logged), except a fail-closed registration (`--fail-closed`):
 * that call runs here, where its failure is known, and a failure exits 2 (Claude Code blocks).
 */
async function hook(args: string[], ctx: Ctx): Promise<number> {
  const closed = args.some((a) => a === "--fail-closed" || a.startsWith("--fail-closed="));
  try {
    const r = closed ? { kind: "local" as const, input: null } : await forwardCall(ctx, "/hook");
    if (r.kind === "answer") return (await ctx.print(r.body), 0);
    if (r.kind === "lost") return (await failedOpen("hook", ctx, `hook_forward_lost ${r.why}`), 0);
    return await (await import("./app/hook-call.ts")).runHookHere(args, ctx, r.input);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    await failedOpen("hook", ctx, msg);
    if (closed) ctx.err(`${await closedText(ctx.env, msg)}\n`);
    return closed ? 2 : 0;
  }
}

/**
 * The refusal of a fail-closed call that failed before its pipeline could say it, in the
 * locale's language (the configuration may be what failed); English if even that cannot load.
 */
async function closedText(env: Record<string, string | undefined>, why: string): Promise<string> {
  try {
    const [{ closedReason }, { languageFromLocale }] = await Promise.all([
      import("./core/fail-closed.ts"),
      import("./core/config.ts"),
    ]);
    return closedReason(languageFromLocale(env.LC_ALL || env.LANG), why);
  } catch {
    return `vigil: failed closed, the tool call is blocked: ${why}`;
  }
}

/** `vigil statusline` without --wrap: as `hook`. A lost render prints the last line kept. */
async function statusline(args: string[], ctx: Ctx): Promise<number> {
  try {
    const r = await forwardCall(ctx, "/statusline");
    if (r.kind === "answer") return (await ctx.print(r.body), 0);
    const command = (await import("./cli/statusline.ts")).statuslineCommand;
    if (r.kind === "local") return await command(args, ctx, r.input);
    await failedOpen("statusline", ctx, `statusline_forward_lost ${r.why}`);
    return await command(args, ctx, { ok: false, error: r.why, bytes: 0 });
  } catch (e) {
    await failedOpen("statusline", ctx, e instanceof Error ? e.message : String(e));
    return 0;
  }
}

/**
 * How long a forwarded call may take before the caller gives up on it and fails open: twice
 * the store's busy timeout, well inside the 10 s install gives every hook.
 */
const FORWARD_TIMEOUT_MS = 4_000;

/** The routes the hook socket serves, with the stdin cap of the command each stands for. */
const CAPS = { "/hook": STDIN_CAP, "/statusline": 1024 * 1024 } as const;
type ForwardRoute = keyof typeof CAPS;

/**
 * What became of a forward: answered (`body`, to print), lost (the request went out and no
 * answer came: fail open), or the input to run here; `input` is null when stdin was not read
 * (no server listens, or forwarding is off).
 */
type ForwardOutcome =
  | { kind: "answer"; body: string }
  | { kind: "lost"; why: string }
  | { kind: "local"; input: StdinResult | null };

/**
 * The first half of `vigil hook` and `vigil statusline`: with a `vigil serve` listening on the
 * hook socket (src/serve/hook-socket.ts) the call is forwarded to it, the same pipeline in a
 * process that holds the store open and every part loaded, so this process loads neither
 * SQLite, node:fs nor the pipeline's code (bench/RESULTS.md, issue 18, fourth round). Here in
 * the entry chunk: a dynamic import of the command's chunk cost a forwarded call about 0.9 ms.
 * A server of another build or store refuses, and the call runs here (hook.ts, statusline.ts),
 * as it does with no server.
 */
async function forwardCall(ctx: Ctx, route: ForwardRoute): Promise<ForwardOutcome> {
  // A pinned clock (VIGIL_NOW) is this process's own, and VIGIL_FORWARD=0 opts out.
  if (ctx.env.VIGIL_NOW !== undefined || ctx.env.VIGIL_FORWARD === "0") return { kind: "local", input: null };
  const paths = resolvePaths(ctx.env);
  const socket = hookSocketPath(paths.stateDir);
  if (!socketPresent(socket)) return { kind: "local", input: null };
  // The connection opens while stdin is read: the two overlap (bench/RESULTS.md, issue 18, fifth round).
  const input = readStdin(CAPS[route]);
  const meta = { build: BUILD, db: paths.dbFile, env: forwardedEnv(ctx.env) };
  const r = await forward(
    socket,
    route,
    input.then((i) => i.ok ? encodeForward(meta, i.text) : null),
    FORWARD_TIMEOUT_MS,
  );
  const read = await input;
  if (!read.ok) return { kind: "local", input: read };
  return r.kind === "refused" ? { kind: "local", input: read } : r;
}

async function failedOpen(name: string, ctx: Ctx, msg: string): Promise<void> {
  const { appendLog } = await import("./edge/log.ts");
  appendLog(resolvePaths(ctx.env).logFile, `${new Date().toISOString()} ${name}_error ${msg}`);
}

const code = await main(process.argv.slice(2));
// Let stdout drain before exiting: a hook's decision must not be cut off.
process.exitCode = code;
