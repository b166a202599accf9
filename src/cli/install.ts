/** `vigil install` / `vigil uninstall`: placeholder so main can register them before they land. */
import { type Ctx, UsageError } from "./context.ts";

export function installCommand(_args: string[], _ctx: Ctx): number {
  throw new UsageError("install is not built yet");
}

export function uninstallCommand(_args: string[], _ctx: Ctx): number {
  throw new UsageError("uninstall is not built yet");
}
