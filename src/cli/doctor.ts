/**
 * `vigil doctor [--json] [--notify-test] [--claude-version X] [--prove]`: wiring only. The
 * findings come from `src/doctor/run.ts`; the exit code is 1 exactly when one of them is a
 * problem. `--prove` is `doctor-prove.ts`.
 */
import { exitCodeOf, findingsJson, renderFindings } from "../core/doctor/findings.ts";
import { parseVersion } from "../core/install/events.ts";
import { WRAP_CAP_MS } from "../app/statusline-call.ts";
import { runDoctor } from "../doctor/run.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { proveCommand } from "./doctor-prove.ts";
import { HELP } from "./help.ts";
import { BUILD, VERSION } from "./version.ts";

/** Run `vigil doctor`: check the whole setup and print the findings. */
export async function doctorCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values } = parse(args, {
    json: { type: "boolean" },
    verbose: { type: "boolean", short: "v" },
    "notify-test": { type: "boolean" },
    "claude-version": { type: "string" },
    prove: { type: "boolean" },
  });
  if (values.help) return (ctx.out(HELP.doctor + "\n"), 0);
  if (values.prove) return await proveCommand(ctx, values.json === true);
  const given = values["claude-version"];
  if (given !== undefined && parseVersion(given) === null) throw new UsageError(`invalid version "${given}"`);
  const findings = await runDoctor({
    claudeVersion: given,
    notifyTest: values["notify-test"] === true,
    cwd: process.cwd(),
    self: process.execPath,
    version: VERSION,
    build: BUILD,
    wrapCapMs: WRAP_CAP_MS,
  }, ctx);
  ctx.out(
    values.json
      ? JSON.stringify(findingsJson(findings), null, 2) + "\n"
      : renderFindings(findings, { verbose: values.verbose }),
  );
  return exitCodeOf(findings);
}
