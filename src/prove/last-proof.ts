/**
 * The last proof as the other commands show it: a finding in `vigil doctor`, a line in
 * `vigil status` and `vigil report` when it no longer holds, and the re-proof after a watch
 * pass when Claude Code changed since (`after-update.ts`).
 */
import type { CommandIo } from "../core/command-io.ts";
import { type Finding, finding } from "../core/doctor/findings.ts";
import { describeProof, type ProofState, proofState } from "../core/prove/last-proof.ts";
import { resolvePaths } from "../edge/paths.ts";
import { proveAfterUpdate, quickProofState } from "./after-update.ts";
import { readLastProof } from "./proof-file.ts";

const UNDER_BUN = /(^|\/)bun(-[a-z0-9-]+)?$/;

/**
 * After a watch pass: prove again when Claude Code changed since the last proof (or say the
 * proof is stale). Its line goes to stdout, or to stderr beside `--json` output.
 */
export async function proofAfterPass(
  io: CommandIo & { cwd: string },
  proveOnUpdate: boolean,
  json: boolean,
): Promise<void> {
  const r = await proveAfterUpdate({
    env: io.env,
    now: io.now,
    cwd: io.cwd,
    stateDir: resolvePaths(io.env).stateDir,
    vigil: UNDER_BUN.test(process.execPath) ? null : process.execPath,
    proveOnUpdate,
  });
  if (r.kind !== "unchanged") (json ? io.err : io.out)(r.line + "\n");
}

/** The last proof as a doctor finding: ok when it holds for the installed version, else a warning. */
export function proofFinding(stateDir: string, installed: string | null): Finding {
  const s = proofState(readLastProof(stateDir), installed);
  const text = describeProof(s);
  if (s.kind === "fresh") return finding("proof", "ok", text);
  const fix = "run `vigil doctor --prove`";
  return finding("proof", s.kind === "none" ? "info" : "warn", text, s.kind === "none" ? null : fix);
}

/** The last proof's state now, without running claude (stale when its binary changed). */
export function proofNow(o: { env: Record<string, string | undefined>; cwd: string }): ProofState {
  return quickProofState(resolvePaths(o.env).stateDir, o.env, o.cwd);
}

/** `vigil status`'s line about the proof, when it no longer holds (stale or failed); else null. */
export function proofStatusLine(o: { env: Record<string, string | undefined>; cwd: string }): string | null {
  const s = proofNow(o);
  return s.kind === "stale" || s.kind === "failed" ? `proof: ${describeProof(s)} (run \`vigil doctor --prove\`)` : null;
}
