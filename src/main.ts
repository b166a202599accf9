/**
 * vigil's entry point: the only file that touches argv, the process environment and exit
 * codes. Commands are loaded lazily so the hook path pays only for what it uses.
 */
import { type Ctx, Refusal } from "./cli/context.ts";
import { VERSION } from "./cli/version.ts";
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
    ctx.out(`vigil ${VERSION}\n`);
    return 0;
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
    if (FAIL_OPEN.has(name)) {
      const { appendLog } = await import("./edge/log.ts");
      const { resolvePaths } = await import("./edge/paths.ts");
      appendLog(resolvePaths(ctx.env).logFile, `${new Date().toISOString()} ${name}_error ${msg}`);
      return 0;
    }
    ctx.err(`vigil: ${msg}\n`);
    if (e instanceof Refusal) return 1;
    return 2;
  }
}

const code = await main(process.argv.slice(2));
// Let stdout drain before exiting: a hook's decision must not be cut off.
process.exitCode = code;
