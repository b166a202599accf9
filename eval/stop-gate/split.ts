/**
 * The one split of the evaluation into a tuning half and a sealed half, by repository owner
 * (issue 31). `split.json` records every owner's half; an owner's half is written once, when
 * the owner first appears in `refs.jsonl`, and never changed afterwards, with one recorded
 * exception: a sealed half that has been spent is folded into tuning. In round 13 the round-12
 * sealed half was folded (its families had been published while rules were still being written,
 * so its figures were no longer independent); in round 14 the round-13 sealed half was folded,
 * then round 14's first sealed half, at the start of round 15 round 14's second, in round 15's
 * second cycle round 15's first, at the start of round 16 round 15's second, at the start of
 * round 17 round 16's, at the start of round 18 round 17's, at the start of round 19 round
 * 18's, and at the start of round 20 round 19's (each had been run once on final rules and its
 * families recorded, so it can measure nothing new).
 * Folded owners are listed in `folded` and added to `seen`, and each time the sealed half
 * starts again from owners nobody had looked at.
 *
 *   bun eval/stop-gate/split.ts assign [--refs FILE] [--split FILE]   # give new owners a half
 *   bun eval/stop-gate/split.ts show [--refs FILE] [--split FILE]     # counts per half, kind, language
 *
 * How a new owner is assigned (deterministic, seeded):
 * - owners whose texts earlier rounds already tuned on or whose errors were read (every owner
 *   of the first 868 references, and every owner of a folded sealed half: round 12's, 13's,
 *   14's two, 15's two, 16's, 17's, 18's, 19's) are `tuning`: their errors have been read, so they cannot measure anything;
 * - owners who also own a repository reserved for independent measurement are `sealed`, so
 *   nobody tunes on phrasing close to the reserved text;
 * - every other owner, taken (after the forced ones) in the order of sha256(seed + owner), goes to the half that has
 *   fewer end-of-turn items in the owner's main language so far (ties: the hash's low bit),
 *   which balances each language as far as the owners allow. After a fold the tuning half
 *   holds every older owner, so new owners go to `sealed` until a language's sealed half has
 *   caught up with its tuning half.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isObject } from "../../src/core/payload.ts";
import { LANGS, parseRefs, type Ref } from "./refs.ts";

const HERE = dirname(new URL(import.meta.url).pathname);
export const SPLIT_FILE = join(HERE, "split.json");

export const HALVES = ["tuning", "sealed"] as const;
export type Half = typeof HALVES[number];

/** The recorded split: the seed, the forced owners and every owner's half. */
export interface Split {
  seed: string;
  /** Owners already tuned on before the split (forced into `tuning`). */
  seen: string[];
  /** Owners that also own a reserved repository (forced into `sealed`). */
  reservedOwners: string[];
  /** Owners of spent sealed halves (round 12's to 19's), folded into `tuning` (also in `seen`). */
  folded: string[];
  owners: Record<string, Half>;
}

/** The owner part of `owner/name`. */
export const ownerOf = (repo: string): string => repo.split("/")[0];

const isHalf = (v: unknown): v is Half => v === "tuning" || v === "sealed";

/** Read `split.json`; a malformed file is an error naming what is wrong. */
export function readSplit(file = SPLIT_FILE): Split {
  const v: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!isObject(v) || typeof v.seed !== "string" || !isObject(v.owners)) {
    throw new Error(`${file} lacks seed or owners`);
  }
  const owners: Record<string, Half> = {};
  for (const [k, h] of Object.entries(v.owners)) {
    if (!isHalf(h)) throw new Error(`${file}: owner ${k} has no half`);
    owners[k] = h;
  }
  const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : []);
  return {
    seed: v.seed,
    seen: strings(v.seen),
    reservedOwners: strings(v.reservedOwners),
    folded: strings(v.folded),
    owners,
  };
}

/** The half a reference belongs to, or null when its owner has not been assigned yet. */
export function halfOf(split: Split, ref: Pick<Ref, "repo">): Half | null {
  return split.owners[ownerOf(ref.repo)] ?? null;
}

function hash(seed: string, owner: string): string {
  return createHash("sha256").update(`${seed}\n${owner}`).digest("hex");
}

/** Assign every owner of `refs` that has no half yet; returns the owners assigned. */
export function assign(split: Split, refs: Ref[]): string[] {
  const endTurns = new Map<string, Map<string, number>>();
  for (const r of refs) {
    if (r.kind !== "end-turn") continue;
    const m = endTurns.get(ownerOf(r.repo)) ?? new Map<string, number>();
    m.set(r.lang, (m.get(r.lang) ?? 0) + 1);
    endTurns.set(ownerOf(r.repo), m);
  }
  const mainLang = (owner: string) => {
    const m = endTurns.get(owner);
    if (!m) return "en";
    return [...m].sort((a, b) => b[1] - a[1])[0][0];
  };
  const load = new Map<string, number>();
  const key = (half: Half, lang: string) => `${half}/${lang}`;
  for (const [owner, half] of Object.entries(split.owners)) {
    for (const [lang, n] of endTurns.get(owner) ?? []) load.set(key(half, lang), (load.get(key(half, lang)) ?? 0) + n);
  }
  // Forced owners first, so that the balance sees their items before any free choice is made.
  const forced = (o: string) => split.seen.includes(o) || split.reservedOwners.includes(o);
  const fresh = [...new Set(refs.map((r) => ownerOf(r.repo)))].filter((o) => !(o in split.owners))
    .sort((a, b) => Number(forced(b)) - Number(forced(a)) || hash(split.seed, a).localeCompare(hash(split.seed, b)));
  for (const owner of fresh) {
    let half: Half;
    if (split.seen.includes(owner)) half = "tuning";
    else if (split.reservedOwners.includes(owner)) half = "sealed";
    else {
      const lang = mainLang(owner);
      const t = load.get(key("tuning", lang)) ?? 0;
      const s = load.get(key("sealed", lang)) ?? 0;
      half = t < s
        ? "tuning"
        : s < t
        ? "sealed"
        : parseInt(hash(split.seed, owner).slice(-1), 16) % 2
        ? "sealed"
        : "tuning";
    }
    split.owners[owner] = half;
    for (const [lang, n] of endTurns.get(owner) ?? []) load.set(key(half, lang), (load.get(key(half, lang)) ?? 0) + n);
  }
  return fresh;
}

function opt(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
}

/** Counts per half, kind and language, with the owners of each half. */
export function show(split: Split, refs: Ref[]): string {
  const lines: string[] = [];
  for (const half of HALVES) {
    const mine = refs.filter((r) => halfOf(split, r) === half);
    const owners = new Set(mine.map((r) => ownerOf(r.repo)));
    lines.push(`${half}: ${mine.length} references from ${owners.size} owners`);
    for (const kind of ["end-turn", "pre-tool"]) {
      const per = LANGS.map((l) => `${l} ${mine.filter((r) => r.kind === kind && r.lang === l).length}`);
      lines.push(`  ${kind}: ${per.join(", ")}`);
    }
  }
  const none = refs.filter((r) => halfOf(split, r) === null).length;
  if (none > 0) lines.push(`unassigned: ${none} references (run assign)`);
  return lines.join("\n");
}

function main(args: string[]): number {
  const [command] = args;
  const refsFile = opt(args, "refs", join(HERE, "refs.jsonl"));
  const splitFile = opt(args, "split", SPLIT_FILE);
  const parsed = parseRefs(readFileSync(refsFile, "utf8"));
  if (!parsed.ok) {
    console.error(`vigil eval: ${parsed.error}`);
    return 2;
  }
  if (!existsSync(splitFile)) {
    console.error(`vigil eval: ${splitFile} is missing`);
    return 2;
  }
  const split = readSplit(splitFile);
  if (command === "assign") {
    const fresh = assign(split, parsed.refs);
    writeFileSync(splitFile, JSON.stringify(split, null, 2) + "\n");
    console.log(`assigned ${fresh.length} new owner(s): ${fresh.map((o) => `${o}=${split.owners[o]}`).join(", ")}`);
    console.log(show(split, parsed.refs));
    return 0;
  }
  if (command === "show") {
    console.log(show(split, parsed.refs));
    return 0;
  }
  console.error("vigil eval: usage: split.ts assign|show [--refs FILE] [--split FILE]");
  return 2;
}

if (import.meta.main) process.exit(main(process.argv.slice(2)));
