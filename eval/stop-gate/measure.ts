/**
 * Runs the Stop gate over the hand-labelled real messages and prints, per language, what it
 * pushed. Each text is judged as the final message of a turn with unattended mode on, the
 * session in scope and no block sent yet, so only what the message says decides.
 *
 *   bun eval/stop-gate/measure.ts [--refs FILE] [--texts DIR] [--skip PREFIX]... [--json] [--list]
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
  const texts = readTexts(opt("texts", "/work/cache/stop-gate-texts"));
  const skip = args.flatMap((a, i) => (a === "--skip" && args[i + 1] ? [args[i + 1]] : []));
  const refs = parsed.refs.filter((r) => !skip.some((p) => r.repo.startsWith(p)));
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
    for (const kind of ["end-turn", "pre-tool"]) {
      for (const lang of [...LANGS, "all"]) {
        const t = tables.get(`${kind}/${lang}`);
        if (t) print(kind, lang, t);
      }
    }
  }
  if (args.includes("--list")) listErrors(judged, texts);
  return 0;
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
