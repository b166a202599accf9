/** `vigil watch`: wiring only. One pass (default), a loop (`src/watch/run.ts`), or the schedule that runs passes. */
import { parseDuration } from "../app/time-args.ts";
import { runWatch } from "../watch/run.ts";
import { watchSchedule } from "../watch/schedule.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { HELP } from "./help.ts";

/** Run `vigil watch [--once | --every D | --install | --uninstall] [--dry-run] [--bin P] [--json]`. */
export async function watchCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values } = parse(args, {
    once: { type: "boolean" },
    every: { type: "string" },
    install: { type: "boolean" },
    uninstall: { type: "boolean" },
    "dry-run": { type: "boolean" },
    bin: { type: "string" },
    json: { type: "boolean" },
  });
  if (values.help) return (ctx.out(HELP.watch + "\n"), 0);
  const modes = [values.once, values.install, values.uninstall].filter(Boolean).length;
  if (modes > 1 || (values.once && values.every !== undefined)) {
    throw new UsageError(`choose one of "--once", "--every", "--install" and "--uninstall"`);
  }
  let everyMs: number | null = null;
  if (values.every !== undefined) {
    const d = parseDuration(values.every);
    if (!d.ok) throw new UsageError(d.error);
    everyMs = d.value;
  }
  if (values.install || values.uninstall) {
    return await watchSchedule(values.install === true, { ...values, everyMs }, ctx);
  }
  const io = { env: ctx.env, now: ctx.now, out: ctx.out, err: ctx.err, cwd: process.cwd() };
  return await runWatch({ everyMs, json: values.json === true }, io);
}
