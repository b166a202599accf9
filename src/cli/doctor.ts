/** `vigil doctor`: placeholder so main can register it before it lands. */
import { type Ctx, UsageError } from "./context.ts";

export function doctorCommand(_args: string[], _ctx: Ctx): number {
  throw new UsageError("doctor is not built yet");
}
