/**
 * `<state dir>/proof.json`: the last proof's summary (src/core/prove/last-proof.ts), written
 * atomically and owner-only like vigil's other records.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type LastProof, parseLastProof } from "../core/prove/last-proof.ts";
import type { Proof } from "./run.ts";

const NAME = "proof.json";
const CAP = 64 * 1024;

/** Size and mtime of the Claude Code binary, so a later update is noticed without running it. */
export function binaryStamp(path: string): LastProof["binary"] {
  try {
    const st = statSync(path);
    return { path, size: st.size, mtimeMs: Math.floor(st.mtimeMs) };
  } catch {
    return null;
  }
}

/** The last proof, or null when none was recorded (or the file is not one). */
export function readLastProof(stateDir: string): LastProof | null {
  const file = join(stateDir, NAME);
  if (!existsSync(file) || statSync(file).size > CAP) return null;
  return parseLastProof(readFileSync(file, "utf8"));
}

/** Record a proof as the last one. */
export function writeLastProof(stateDir: string, proof: Proof): LastProof {
  const last: LastProof = {
    version: proof.version,
    at: proof.at,
    ok: proof.ok,
    failed: proof.checks.filter((c) => c.status === "fail").map((c) => c.id),
    durationMs: proof.durationMs,
    binary: binaryStamp(proof.claude),
  };
  save(stateDir, last);
  return last;
}

/** Keep the last proof, with the binary it now applies to (same version, reinstalled). */
export function rewriteStamp(stateDir: string, last: LastProof, binary: LastProof["binary"]): void {
  save(stateDir, { ...last, binary });
}

function save(stateDir: string, last: LastProof): void {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const file = join(stateDir, NAME);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(last, null, 2) + "\n", { mode: 0o600 });
  renameSync(tmp, file);
}
