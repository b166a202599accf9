/**
 * `vigil doctor --prove [--json]`: wiring for the proof (`src/prove/prove-now.ts` runs it,
 * records it as the last proof and prints it; exit 1 when a check failed).
 */
import { proveNow } from "../prove/prove-now.ts";
import { type Ctx, Refusal } from "./context.ts";

const UNDER_BUN = /(^|\/)bun(-[a-z0-9-]+)?$/;

/** The compiled vigil, which the proof's hooks run; under bun there is none to run. */
function selfBinary(): string {
  const bin = process.execPath;
  if (UNDER_BUN.test(bin)) throw new Refusal(`running under "${bin}", not the compiled vigil`);
  return bin;
}

/** Run the proof and print it; 0 when no check failed. */
export async function proveCommand(ctx: Ctx, json: boolean): Promise<number> {
  return await proveNow({ json, vigil: selfBinary(), cwd: process.cwd() }, ctx);
}
