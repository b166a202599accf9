/**
 * `vigil doctor --prove [--json]`: run the proof (`run.ts`), record it as the last proof, print
 * one line per check (or the JSON). Plain `vigil doctor` reports the last proof as one finding
 * (`last-proof.ts`).
 */
import { type CommandIo, Refusal } from "../core/command-io.ts";
import { resolvePaths } from "../edge/paths.ts";
import { writeLastProof } from "./proof-file.ts";
import { renderProof } from "./render.ts";
import { failedProof, prove, ProveError } from "./run.ts";

/**
 * Run the proof with `vigil` as the hooks' binary, record it, print it; 0 when no check failed.
 * With `json` every outcome is one JSON document on stdout: a proof that could not start (no
 * Claude Code, its version unreadable in time) or broke is a document with that check failed,
 * never an empty stdout.
 */
export async function proveNow(o: { json: boolean; vigil: string; cwd: string }, io: CommandIo): Promise<number> {
  let proof;
  try {
    proof = await prove({ env: io.env, vigil: o.vigil, now: io.now, cwd: o.cwd });
  } catch (e) {
    const error = e instanceof Error ? e.message.split("\n")[0] : String(e);
    if (!o.json) throw e instanceof ProveError ? new Refusal(e.message) : e;
    const doc = e instanceof ProveError
      ? failedProof("claude", error, "install Claude Code, or set CLAUDE_BIN to it")
      : failedProof("proof", error, "report it with the output of `vigil doctor --prove --json`");
    io.out(JSON.stringify(doc, null, 2) + "\n");
    return e instanceof ProveError ? 1 : 2;
  }
  writeLastProof(resolvePaths(io.env).stateDir, proof);
  io.out(o.json ? JSON.stringify(proof, null, 2) + "\n" : renderProof(proof));
  return proof.ok ? 0 : 1;
}
