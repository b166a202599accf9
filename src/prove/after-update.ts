/**
 * What `vigil watch` does about the proof: nothing while the claude binary is the one last
 * proven (a stat, no process); when it changed, read its version; a new version is proven
 * again (or, with `prove_on_update = false`, reported stale). Never a first proof: a user who
 * never ran `doctor --prove` gets no 20-second surprise in a watch pass.
 */
import { isAbsolute, resolve } from "node:path";
import { describeProof, type LastProof, type ProofState, proofState, sameBinary } from "../core/prove/last-proof.ts";
import { claudeBinary, readClaudeVersion } from "../edge/claude-version.ts";
import { binaryStamp, readLastProof, rewriteStamp, writeLastProof } from "./proof-file.ts";
import { type Proof, prove, type ProveOptions } from "./run.ts";

export interface AfterUpdateOptions {
  env: Record<string, string | undefined>;
  now: () => number;
  cwd: string;
  stateDir: string;
  /** The compiled vigil (null under bun: there is no binary for the hooks to run). */
  vigil: string | null;
  proveOnUpdate: boolean;
  /** The proof itself (tests pass a stand-in that records the call). */
  run?: (o: ProveOptions) => Promise<Proof>;
}

export type AfterUpdate =
  | { kind: "unchanged" }
  | { kind: "stale"; line: string }
  | { kind: "proven"; line: string; ok: boolean }
  | { kind: "error"; line: string };

function currentStamp(env: Record<string, string | undefined>, cwd: string): LastProof["binary"] {
  const bin = claudeBinary(env);
  return bin === null ? null : binaryStamp(isAbsolute(bin) ? bin : resolve(cwd, bin));
}

/** The last proof's state without running anything: stale when the binary changed since. */
export function quickProofState(stateDir: string, env: Record<string, string | undefined>, cwd: string): ProofState {
  const last = readLastProof(stateDir);
  const stamp = currentStamp(env, cwd);
  return proofState(last, null, last !== null && stamp !== null && !sameBinary(last.binary, stamp));
}

/** One watch pass's look at the proof; the line (if any) is for the pass's output. */
export async function proveAfterUpdate(o: AfterUpdateOptions): Promise<AfterUpdate> {
  const last = readLastProof(o.stateDir);
  const stamp = currentStamp(o.env, o.cwd);
  if (last === null || stamp === null || sameBinary(last.binary, stamp)) return { kind: "unchanged" };
  let version: string;
  try {
    version = await readClaudeVersion({ env: { ...o.env, CLAUDE_BIN: stamp.path } });
  } catch (e) {
    return { kind: "error", line: `vigil watch: proof: ${e instanceof Error ? e.message : String(e)}` };
  }
  // Same version, other file (a reinstall): the proof still holds; remember the new file.
  if (version === last.version) return (rewriteStamp(o.stateDir, last, stamp), { kind: "unchanged" });
  if (!o.proveOnUpdate || o.vigil === null) {
    return { kind: "stale", line: `vigil watch: proof ${describeProof(proofState(last, version))}` };
  }
  const proof = await (o.run ?? prove)({ env: o.env, vigil: o.vigil, now: o.now, cwd: o.cwd });
  writeLastProof(o.stateDir, proof);
  const failed = proof.checks.filter((c) => c.status === "fail").map((c) => c.id);
  const line = proof.ok
    ? `vigil watch: Claude Code ${proof.version} is new since the last proof: proven`
    : `vigil watch: Claude Code ${proof.version} is new since the last proof: NOT proven (${
      failed.join(", ")
    }); run \`vigil doctor --prove\``;
  return { kind: "proven", line, ok: proof.ok };
}
