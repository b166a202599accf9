/**
 * `vigil doctor --prove [--json]`: wiring for the proof (`src/prove/`). Runs it, records it as
 * the last proof, prints one line per check (or the JSON), exits 1 when a check failed. Plain
 * `vigil doctor` reports the last proof as one finding.
 */
import { type Finding, finding } from "../core/doctor/findings.ts";
import { describeProof, type ProofState, proofState } from "../core/prove/last-proof.ts";
import { resolvePaths } from "../edge/paths.ts";
import { proveAfterUpdate, quickProofState } from "../prove/after-update.ts";
import { readLastProof, writeLastProof } from "../prove/proof-file.ts";
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
 * After a watch pass: prove again when Claude Code changed since the last proof (or say the
 * proof is stale). Its line goes to stdout, or to stderr beside `--json` output.
 */
export async function proofAfterPass(ctx: Ctx, proveOnUpdate: boolean, json: boolean): Promise<void> {
  const r = await proveAfterUpdate({
    env: ctx.env,
    now: ctx.now,
    cwd: process.cwd(),
    stateDir: resolvePaths(ctx.env).stateDir,
    vigil: UNDER_BUN.test(process.execPath) ? null : process.execPath,
    proveOnUpdate,
  });
  if (r.kind !== "unchanged") (json ? ctx.err : ctx.out)(r.line + "\n");
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

/** The last proof as a doctor finding: ok when it holds for the installed version, else a warning. */
export function proofFinding(stateDir: string, installed: string | null): Finding {
  const s = proofState(readLastProof(stateDir), installed);
  return findingOf(s);
}

/** The last proof's state now, without running claude (stale when its binary changed). */
export function proofNow(ctx: Ctx): ProofState {
  return quickProofState(resolvePaths(ctx.env).stateDir, ctx.env, process.cwd());
}

/** `vigil status`'s line about the proof, when it no longer holds (stale or failed); else null. */
export function proofStatusLine(ctx: Ctx): string | null {
  const s = proofNow(ctx);
  return s.kind === "stale" || s.kind === "failed" ? `proof: ${describeProof(s)} (run \`vigil doctor --prove\`)` : null;
}

function findingOf(s: ProofState): Finding {
  const text = describeProof(s);
  if (s.kind === "fresh") return finding("proof", "ok", text);
  const fix = "run `vigil doctor --prove`";
  return finding("proof", s.kind === "none" ? "info" : "warn", text, s.kind === "none" ? null : fix);
}
