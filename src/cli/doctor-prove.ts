/**
 * `vigil doctor --prove [--json]`: wiring for the proof (`src/prove/`). Runs it, records it as
 * the last proof, prints one line per check (or the JSON), exits 1 when a check failed. Plain
 * `vigil doctor` reports the last proof as one finding (`src/prove/last-proof.ts`).
 */
import { resolvePaths } from "../edge/paths.ts";
import { writeLastProof } from "../prove/proof-file.ts";
import { renderProof } from "../prove/render.ts";
import { failedProof, prove, ProveError } from "../prove/run.ts";
import { type Ctx, Refusal } from "./context.ts";

const UNDER_BUN = /(^|\/)bun(-[a-z0-9-]+)?$/;

/** The compiled vigil, which the proof's hooks run; under bun there is none to run. */
function selfBinary(): string {
  const bin = process.execPath;
  if (UNDER_BUN.test(bin)) throw new Refusal(`running under "${bin}", not the compiled vigil`);
  return bin;
}

/**
 * Run the proof, record it, print it; 0 when no check failed. With `--json` every outcome is one
 * JSON document on stdout: a proof that could not start (no Claude Code, its version unreadable
 * in time) or broke is a document with that check failed, never an empty stdout.
 */
export async function proveCommand(ctx: Ctx, json: boolean): Promise<number> {
  const vigil = selfBinary();
  let proof;
  try {
    proof = await prove({ env: ctx.env, vigil, now: ctx.now, cwd: process.cwd() });
  } catch (e) {
    const error = e instanceof Error ? e.message.split("\n")[0] : String(e);
    if (!json) throw e instanceof ProveError ? new Refusal(e.message) : e;
    const doc = e instanceof ProveError
      ? failedProof("claude", error, "install Claude Code, or set CLAUDE_BIN to it")
      : failedProof("proof", error, "report it with the output of `vigil doctor --prove --json`");
    ctx.out(JSON.stringify(doc, null, 2) + "\n");
    return e instanceof ProveError ? 1 : 2;
  }
  writeLastProof(resolvePaths(ctx.env).stateDir, proof);
  ctx.out(json ? JSON.stringify(proof, null, 2) + "\n" : renderProof(proof));
  return proof.ok ? 0 : 1;
}
