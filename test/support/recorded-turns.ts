/**
 * Records of real Claude Code transcripts (test/fixtures), re-timed so a test can write them
 * into a stand-in session's transcript at the moment it needs: the shapes stay Claude Code's
 * own (the Stop block's feedback, attachment and hook summary; a tool call; a words-only
 * answer), only the timestamps and, where asked, the uuids change.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type Rec = Record<string, unknown>;

const FIXTURES = join(import.meta.dir, "..", "fixtures");

/** Every record of a recorded transcript, in file order. */
export function recorded(version: string, name: string): Rec[] {
  const text = readFileSync(join(FIXTURES, `claude-code-${version}`, "transcripts", name), "utf8");
  return text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
}

/** The records from the one with uuid `from` to the one with uuid `to` (inclusive). */
export function between(recs: readonly Rec[], from: string, to: string): Rec[] {
  const i = recs.findIndex((r) => r.uuid === from), j = recs.findIndex((r) => r.uuid === to);
  if (i < 0 || j < i) throw new Error(`no records ${from}..${to}`);
  return recs.slice(i, j + 1);
}

/** The record with uuid `id`. */
export function byUuid(recs: readonly Rec[], id: string): Rec {
  const r = recs.find((x) => x.uuid === id);
  if (r === undefined) throw new Error(`no record ${id}`);
  return r;
}

/**
 * The records moved in time so the first timestamped one is at `at` (gaps kept), with
 * `session` as their sessionId and a `suffix` on uuids when the same records are written twice.
 */
export function retimed(recs: readonly Rec[], at: number, o: { session?: string; suffix?: string } = {}): Rec[] {
  const first = recs.map((r) => typeof r.timestamp === "string" ? Date.parse(r.timestamp) : NaN)
    .find(Number.isFinite);
  const shift = first === undefined ? 0 : at - first;
  const id = (v: unknown) => typeof v === "string" && o.suffix ? `${v}-${o.suffix}` : v;
  return recs.map((r) => ({
    ...r,
    ...(typeof r.timestamp === "string" ? { timestamp: new Date(Date.parse(r.timestamp) + shift).toISOString() } : {}),
    ...(r.uuid !== undefined ? { uuid: id(r.uuid) } : {}),
    ...(r.parentUuid !== undefined && r.parentUuid !== null ? { parentUuid: id(r.parentUuid) } : {}),
    ...(o.session && r.sessionId !== undefined ? { sessionId: o.session } : {}),
  }));
}

/** The time of a (re-timed) record. */
export const timeOf = (r: Rec): number => typeof r.timestamp === "string" ? Date.parse(r.timestamp) : NaN;

/** Records as JSONL text to append. */
export const jsonl = (recs: readonly Rec[]): string => recs.map((r) => JSON.stringify(r) + "\n").join("");
