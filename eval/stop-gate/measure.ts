/**
 * Runs the Stop gate over the hand-labelled real messages and prints, per language, what it
 * pushed. Each text is judged as the final message of a turn with unattended mode on, the
 * session in scope and no block sent yet, so only what the message says decides.
 *
 *   bun eval/stop-gate/measure.ts [--half tuning|sealed] [--refs FILE] [--texts DIR] [--skip PREFIX]...
 *                                 [--json] [--list]
 *
 * `--half` picks one half of the split recorded in `split.json` (default `tuning`). The sealed
 * half's texts live in their own cache directory and this script prints only aggregate figures
 * for it: `--list` is refused there, so no per-item error of the sealed half is ever shown.
 *
 * `--skip owner/` leaves out references whose repository starts with the prefix (to report a
 * figure without one source, e.g. an owner that also has a reserved repository).
 * `--list` also prints every wrong decision with the pattern that decided (local use only:
 * the output quotes other people's text). Exits 1 when the cache lacks a reference's text.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { classifyMessage } from "../../src/core/stop/classify.ts";
import { decideStop, type StopDecision } from "../../src/core/stop/gate.ts";
import { patternSet } from "../../src/core/stop/patterns.ts";
import { isObject } from "../../src/core/payload.ts";
import { type Label, LABELS, LANGS, NEVER_PUSH, parseRefs, type Ref, refKey } from "./refs.ts";
import { type Half, halfOf, readSplit } from "./split.ts";

const TEXT_DIRS: Record<Half, string> = {
  tuning: "/work/cache/stop-gate-texts",
  sealed: "/work/cache/stop-gate-sealed",
};

const HERE = dirname(new URL(import.meta.url).pathname);

/** One judged reference. */
export interface Judged {
  ref: Ref;
  pushed: boolean;
  decision: StopDecision;
}

/** Decide one text as a turn's final message, with nothing but the message in the way. */
export function judge(text: string): StopDecision {
  return decideStop({
    stopHookActive: false,
    night: { on: true, scope: [], until: null },
    cwd: "/eval",
    message: text,
    stopBlocks: 0,
    cap: 3,
    now: 0,
    patterns: patternSet({ continuation: [], approval: [] }),
    todo: null,
  });
}

interface Count {
  n: number;
  pushed: number;
}

interface Table {
  n: number;
  /** announce-labelled: pushed / not pushed */
  tp: number;
  fn: number;
  /** not announce-labelled: pushed / not pushed */
  fp: number;
  tn: number;
  /** questions, approval waits and offers that were pushed */
  forbidden: number;
  byLabel: Map<Label, Count>;
}

function emptyTable(): Table {
  return {
    n: 0,
    tp: 0,
    fn: 0,
    fp: 0,
    tn: 0,
    forbidden: 0,
    byLabel: new Map(LABELS.map((l) => [l, { n: 0, pushed: 0 }])),
  };
}

function add(t: Table, j: Judged): void {
  const announce = j.ref.label === "announce";
  t.n++;
  if (announce && j.pushed) t.tp++;
  else if (announce) t.fn++;
  else if (j.pushed) t.fp++;
  else t.tn++;
  if (j.pushed && NEVER_PUSH.includes(j.ref.label)) t.forbidden++;
  const c = t.byLabel.get(j.ref.label);
  if (c) {
    c.n++;
    if (j.pushed) c.pushed++;
  }
}

const pct = (a: number, b: number) => (b === 0 ? "-" : `${((100 * a) / b).toFixed(1)}%`);
const ratio = (a: number, b: number) => (b === 0 ? "-" : (a / b).toFixed(2));

function print(kind: string, lang: string, t: Table): void {
  console.log(`\n${kind} / ${lang}: ${t.n} messages`);
  console.log(`                 pushed   not pushed`);
  console.log(`  announce     ${String(t.tp).padStart(7)}  ${String(t.fn).padStart(11)}`);
  console.log(`  not announce ${String(t.fp).padStart(7)}  ${String(t.tn).padStart(11)}`);
  console.log(
    `  recall ${ratio(t.tp, t.tp + t.fn)}; non-announcements pushed ${pct(t.fp, t.fp + t.tn)}; ` +
      `questions/approval waits/offers pushed ${t.forbidden}`,
  );
  const labels = [...t.byLabel].filter(([, c]) => c.n > 0).map(([l, c]) => `${l} ${c.pushed}/${c.n}`);
  console.log(`  pushed per label: ${labels.join(", ")}`);
}

function readTexts(dir: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of readFileSync(join(dir, "texts.jsonl"), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const v: unknown = JSON.parse(line);
    if (isObject(v) && typeof v.key === "string" && typeof v.text === "string") m.set(v.key, v.text);
  }
  return m;
}

function main(args: string[]): number {
  const opt = (name: string, fallback: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const parsed = parseRefs(readFileSync(opt("refs", join(HERE, "refs.jsonl")), "utf8"));
  if (!parsed.ok) {
    console.error(`vigil eval: ${parsed.error}`);
    return 2;
  }
  const half = opt("half", "tuning");
  if (half !== "tuning" && half !== "sealed") {
    console.error("vigil eval: --half is tuning or sealed");
    return 2;
  }
  if (half === "sealed" && args.includes("--list")) {
    console.error("vigil eval: --list is refused on the sealed half (its per-item errors are never shown)");
    return 2;
  }
  const split = readSplit();
  const texts = readTexts(opt("texts", TEXT_DIRS[half]));
  const skip = args.flatMap((a, i) => (a === "--skip" && args[i + 1] ? [args[i + 1]] : []));
  const refs = parsed.refs.filter((r) => halfOf(split, r) === half && !skip.some((p) => r.repo.startsWith(p)));
  const judged: Judged[] = [];
  const missing = refs.filter((r) => !texts.has(refKey(r)));
  if (missing.length > 0) {
    console.error(`vigil eval: ${missing.length} reference(s) have no cached text; run fetch.ts build first`);
    return 1;
  }
  for (const ref of refs) {
    const decision = judge(texts.get(refKey(ref)) ?? "");
    judged.push({ ref, pushed: decision.decision === "block", decision });
  }
  const tables = new Map<string, Table>();
  for (const j of judged) {
    for (const lang of [j.ref.lang, "all"]) {
      const key = `${j.ref.kind}/${lang}`;
      const t = tables.get(key) ?? emptyTable();
      add(t, j);
      tables.set(key, t);
    }
  }
  if (args.includes("--json")) {
    const plain = [...tables].map(([k, t]) => [k, { ...t, byLabel: Object.fromEntries(t.byLabel) }]);
    console.log(JSON.stringify(Object.fromEntries(plain), null, 2));
  } else {
    console.log(
      `${half} half: ${refs.length} references from ${new Set(refs.map((r) => r.repo.split("/")[0])).size} owners`,
    );
    for (const kind of ["end-turn", "pre-tool"]) {
      for (const lang of [...LANGS, "all"]) {
        const t = tables.get(`${kind}/${lang}`);
        if (t) print(kind, lang, t);
      }
    }
    console.log(figures(tables));
  }
  if (args.includes("--list")) listErrors(judged, texts);
  return 0;
}

/** Budgets of issue 31, per language. */
const BUDGET = { forbidden: 0, reportsPushed: 0.005, recall: 0.9 };

/**
 * The figures the issue asks for, one row per language: questions, approval waits and offers
 * pushed (end-turn and pre-tool together); conditional waits pushed (a wait on a person or an
 * event, outside the issue's list but shown); end-of-turn messages that announce nothing pushed
 * (count and share); recall on pre-tool announcements; and whether each meets its budget.
 */
export function figures(tables: Map<string, Table>): string {
  const rows = [
    "\n| lang | questions/approval waits/offers pushed | conditional waits pushed | announce-nothing end-turn pushed | pre-tool recall | budgets |",
  ];
  rows.push("| ---- | --- | --- | --- | --- | --- |");
  for (const lang of [...LANGS, "all"]) {
    const e = tables.get(`end-turn/${lang}`) ?? emptyTable();
    const p = tables.get(`pre-tool/${lang}`) ?? emptyTable();
    const forbidden = e.forbidden + p.forbidden;
    const nothing = e.fp + e.tn;
    const share = nothing === 0 ? 0 : e.fp / nothing;
    const recall = p.tp + p.fn === 0 ? null : p.tp / (p.tp + p.fn);
    // Not in the issue's budget list, but a wait for a person all the same: shown so it is not hidden.
    const waits = (e.byLabel.get("conditional-wait")?.pushed ?? 0) + (p.byLabel.get("conditional-wait")?.pushed ?? 0);
    const ok = forbidden <= BUDGET.forbidden && share <= BUDGET.reportsPushed && recall !== null &&
      recall >= BUDGET.recall;
    rows.push(
      `| ${lang} | ${forbidden} | ${waits} | ${e.fp}/${nothing} (${pct(e.fp, nothing)}) | ` +
        `${recall === null ? "-" : `${p.tp}/${p.tp + p.fn} (${recall.toFixed(3)})`} | ${ok ? "met" : "NOT met"} |`,
    );
  }
  return rows.join("\n");
}

function listErrors(judged: Judged[], texts: Map<string, string>): void {
  console.log("\nwrong decisions (local only: quotes the messages)");
  for (const j of judged) {
    const wrong = j.pushed !== (j.ref.label === "announce");
    if (!wrong) continue;
    const text = texts.get(refKey(j.ref)) ?? "";
    const c = classifyMessage(text, patternSet({ continuation: [], approval: [] }));
    const hit = j.decision.hit ?? c.waiting ?? c.announcement;
    const tail = text.replace(/\s+/g, " ").slice(-160);
    console.log(
      `- ${j.pushed ? "PUSHED" : "missed"} ${j.ref.kind} ${j.ref.lang} ${j.ref.label} ` +
        `[${j.decision.gate}${hit ? ` ${hit.id}` : ""}] (${j.ref.note}) …${tail}`,
    );
  }
}

process.exit(main(process.argv.slice(2)));
