/**
 * The fast path by default: `vigil install` starts `vigil serve` under the user's service
 * manager (as `vigil serve --install` does) so command hooks forward to it, and the uninstall
 * that removes vigil from the last settings file stops it again.
 */
import type { CommandIo } from "../core/command-io.ts";
import { servingNote } from "../core/install/report.ts";
import { hookSocketPath, socketPresent } from "../edge/hook-socket.ts";
import { resolvePaths } from "../edge/paths.ts";
import { type ScheduleIO, userServiceManager } from "../edge/schedule.ts";
import { loadRecord, saveRecord } from "./scope.ts";

/** The service manager install starts `vigil serve` under, and its writer; tests pass their own. */
export interface InstallDeps {
  manager?: ReturnType<typeof userServiceManager>;
  io?: ScheduleIO;
}

/**
 * When no serve answers yet and the user has a service manager, install and start
 * `vigil serve` under it; command hooks stay the registration, so vigil still guards while
 * serve is down. Returns whether it did; otherwise says why not (no manager).
 */
export async function serveByDefault(
  o: { bin: string; port: number; deps: InstallDeps },
  http: number | null,
  ctx: CommandIo,
): Promise<boolean> {
  const state = resolvePaths(ctx.env).stateDir;
  if (await answering(http, state)) return false;
  const manager = o.deps.manager ?? userServiceManager(ctx.env);
  if (!manager.ok) {
    ctx.out(`serve: not started by install (${manager.why})\n`);
    return false;
  }
  const { serveService } = await import("../serve/service.ts");
  await serveService(
    true,
    { target: { kind: "tcp", hostname: "127.0.0.1", port: o.port }, bin: o.bin },
    ctx,
    { facts: manager.facts, ...(o.deps.io ? { io: o.deps.io } : {}) },
  );
  saveRecord(state, { ...loadRecord(state), serve: true });
  ctx.out(`serve: hooks forward to it once it is up (--no-serve opts out; vigil doctor shows whether they do)\n`);
  return true;
}

/** After an install that started no serve: a note (or warning) on whether one takes the hooks. */
export async function noteServing(http: number | null, ctx: CommandIo): Promise<void> {
  const serving = servingNote(http, await answering(http, resolvePaths(ctx.env).stateDir));
  if (serving && "note" in serving) ctx.out(`${serving.note}\n`);
  if (serving && "warning" in serving) ctx.err(`vigil: warning: ${serving.warning}\n`);
}

/** Remove the serve service install started; a failure is a warning (the settings are clean). */
export async function stopServeService(bin: string, deps: InstallDeps, ctx: CommandIo): Promise<void> {
  const manager = deps.manager ?? userServiceManager(ctx.env);
  const { serveService } = await import("../serve/service.ts");
  try {
    await serveService(
      false,
      { target: { kind: "tcp", hostname: "127.0.0.1", port: 8787 }, bin },
      ctx,
      { ...(manager.ok ? { facts: manager.facts } : {}), ...(deps.io ? { io: deps.io } : {}) },
    );
  } catch (e) {
    // The settings are already clean; the service is the user's to stop by hand now.
    ctx.err(
      `vigil: warning: the vigil serve service install started was not removed: ${
        e instanceof Error ? e.message : String(e)
      } (vigil serve --uninstall removes it)\n`,
    );
  }
}

/** Whether a serve takes the hooks now: HTTP ones on `port`, command ones on the hook socket. */
async function answering(port: number | null, stateDir: string): Promise<boolean> {
  if (port === null) return socketPresent(hookSocketPath(stateDir));
  const { probeServe } = await import("../doctor/probes.ts");
  const [probe] = await probeServe([`http://127.0.0.1:${port}/hook`], 1_000);
  return probe.ok;
}
