/**
 * The last proof as vigil keeps it (`<state dir>/proof.json`), read back defensively, and what
 * it means now: fresh (this version was proven), stale (Claude Code changed since), failed, or
 * none. `doctor`, `status`, `report`, the dashboard and `watch` all ask this one question.
 */
import { isObject } from "../payload.ts";

export interface LastProof {
  version: string;
  at: number;
  ok: boolean;
  /** Ids of the checks that failed. */
  failed: string[];
  durationMs: number;
  /** The Claude Code binary proven: path, size and mtime, so `watch` notices an update cheaply. */
  binary: { path: string; size: number; mtimeMs: number } | null;
}

/** The file's text as a LastProof, or null when absent or not one. */
export function parseLastProof(text: string | null): LastProof | null {
  if (text === null) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(v) || typeof v.version !== "string" || typeof v.at !== "number" || typeof v.ok !== "boolean") {
    return null;
  }
  const b = isObject(v.binary) ? v.binary : null;
  return {
    version: v.version,
    at: v.at,
    ok: v.ok,
    failed: Array.isArray(v.failed) ? v.failed.filter((x) => typeof x === "string") : [],
    durationMs: typeof v.durationMs === "number" ? v.durationMs : 0,
    binary: b && typeof b.path === "string" && typeof b.size === "number" && typeof b.mtimeMs === "number"
      ? { path: b.path, size: b.size, mtimeMs: b.mtimeMs }
      : null,
  };
}

export type ProofState =
  | { kind: "none" }
  | { kind: "fresh"; proof: LastProof }
  | { kind: "failed"; proof: LastProof }
  | { kind: "stale"; proof: LastProof; installed: string | null };

/**
 * The last proof against the installed version (null: not read, so only pass/fail is judged,
 * unless `changed` says the binary is no longer the one proven).
 */
export function proofState(last: LastProof | null, installed: string | null, changed = false): ProofState {
  if (last === null) return { kind: "none" };
  if (installed !== null && installed !== last.version) return { kind: "stale", proof: last, installed };
  if (installed === null && changed) return { kind: "stale", proof: last, installed: null };
  return last.ok ? { kind: "fresh", proof: last } : { kind: "failed", proof: last };
}

const day = (at: number) => new Date(at).toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** Whether `now` is still the binary `then` was taken of. */
export function sameBinary(then: LastProof["binary"], now: LastProof["binary"]): boolean {
  return then !== null && now !== null && then.path === now.path && then.size === now.size &&
    then.mtimeMs === now.mtimeMs;
}

/** One line for humans: "proven on 2.1.332 at 2026-12-01 19:40 UTC", "stale: …", … */
export function describeProof(s: ProofState): string {
  switch (s.kind) {
    case "none":
      return "never proven on this machine";
    case "fresh":
      return `proven on Claude Code ${s.proof.version} at ${day(s.proof.at)}`;
    case "failed":
      return `failed on Claude Code ${s.proof.version} at ${day(s.proof.at)} (${s.proof.failed.join(", ")})`;
    case "stale":
      return `stale: last proven on Claude Code ${s.proof.version} at ${day(s.proof.at)}, ${
        s.installed === null ? "the claude binary has changed since" : `${s.installed} is installed`
      }`;
  }
}

/** The machine-readable view (report --json, the dashboard's /api/proof). */
export function proofView(s: ProofState): {
  state: ProofState["kind"];
  text: string;
  version: string | null;
  at: number | null;
  failed: string[];
} {
  const p = s.kind === "none" ? null : s.proof;
  return {
    state: s.kind,
    text: describeProof(s),
    version: p?.version ?? null,
    at: p?.at ?? null,
    failed: p?.failed ?? [],
  };
}
