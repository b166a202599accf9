/**
 * The handoff exception's clause model (issue 31, round 14): a multinomial logistic model over a
 * clause's words, word pairs, character n-grams of Hangul and kana/kanji runs, its first and last
 * characters (where Korean and Japanese put the request form), and a few lexicon flags (a handoff
 * document noun, a next-worker purpose, a work noun…). Three classes: the clause asks for the
 * document itself, only supports it (why, what goes in, where, commit or push it, stop, courtesy),
 * or asks for other work. The weights are a small table trained only on clauses we wrote
 * (eval/handoff-prompts/model/corpus.ts, train.ts); every decision can be explained by its
 * heaviest features, which the refusal reason names.
 */
import { NAME } from "./handoff-names.ts";
import { WEIGHTS } from "./handoff-weights.ts";

const r = String.raw;

export const CLASSES = ["doc", "support", "other"] as const;
export type ClauseClass = typeof CLASSES[number];

/** A handoff document named in any of the three languages (or a path naming it). */
export const DOC_NOUN = new RegExp(
  r`${NAME.enAlone}|hndoff|handof\b|${NAME.ko}|(?<![取割値差索])引き?継(?!続)|ひきつぎ|ハンドオフ|ハンドオーバー|申し送り`,
  "i",
);
/** A purpose about whoever continues: "so the next worker can pick up", 다음 작업자를 위해, 次の担当者のために. */
export const NEXT_PARTY =
  /\bnext\s+(?:worker|agent|session|person|engineer|shift|owner)|\bwhoever\s+(?:picks|takes|comes)|\bfresh\s+session|\bsuccessor|\bnext\.md\b|이어받|이어서\s*할\s*수|다음\s*(?:작업자|사람|세션|에이전트|담당자?)|후임|次の(?:担当|人|セッション|エージェント|作業者)|後任|引き継げる|新しいセッション/i;

/**
 * Lexicon flags, compiled on first use (the hook loads this module for every prompt); `doc` is how a model names the
 * handoff document (the mood judge's model reads more spellings). Shared with the mood judge's model.
 */
export const lexicon = (doc: RegExp): readonly [string, RegExp][] => [
  ["doc", doc],
  ["next", NEXT_PARTY],
  ["path", /(?:^|[\s/(])[\w./-]+\.(?:md|txt|ts|js|json|py|go|rs|ya?ml)\b/i],
  ["handoff-path", /handoff[\w-]*\.md|next\.md/i],
  [
    "also",
    /\b(?:also|too|as\s+well|plus|btw|p\.?s\.?)\b|(?:[가-힣A-Za-z0-9)]도\s)|도$|[^\sてで]も(?!の|う|し|ら|っ)|ついでに|あと[、,]|それと/i,
  ],
  [
    "then",
    /\b(?:then|after(?:wards)?|once|next)\b|다음에|다음엔|끝나면|나서|후에|이후|それから|その後|終わったら|済んだら/i,
  ],
  ["commit", /\b(?:commit|push)\b|커밋|푸시|コミット|プッシュ/i],
  ["ticket", /#\d+|\bticket\b|\bPR\b|티켓|チケット/i],
  ["digit", /\d/],
  ["question", /[?？]$/],
  ["neg", /\b(?:don'?t|do\s+not|no|never|not)\b|지\s*마|않|말고|ないで|なし|不要/i],
  ["courtesy", /\b(?:thanks?|thank\s+you|thx|cheers)\b|고마|감사|수고|ありがと|お疲れ|よろしく/i],
];

let lex: readonly [string, RegExp][] | null = null;

const HANGUL = /[\uAC00-\uD7A3\u3131-\u318E]/;
const CJK = /[\u3040-\u30FF\u4E00-\u9FFF\uFF66-\uFF9F]/;

/** Normalise: width, case, and punctuation at the ends. */
function norm(s: string): string {
  return s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").replace(/^[\s\p{P}\p{S}]+|[\s\p{P}]+$/gu, "")
    .trim();
}

/** The features of one clause, each a readable name. */
export function clauseFeatures(clause: string): string[] {
  lex ??= lexicon(DOC_NOUN);
  return featuresOf(clause, lex);
}

/**
 * The features of one clause under a model's lexicon, and `more` (the mood judge's mood feature) just before the
 * lexicon flags: the order the trainers saw. Shared with the mood judge's model.
 */
export function featuresOf(clause: string, lx: readonly [string, RegExp][], more?: string): string[] {
  const raw = clause.normalize("NFKC");
  const t = norm(clause);
  const out = new Set<string>(["bias"]);
  // Latin words and word pairs; the first and last word (English puts the verb first).
  const words = t.match(/[a-z][a-z0-9'-]*|\d+/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    out.add("w:" + words[i]);
    if (i > 0) out.add("b:" + words[i - 1] + "_" + words[i]);
  }
  if (words.length > 0 && /^[a-z0-9]/.test(t)) out.add("f:" + words[0]);
  if (words.length > 1 && /^[a-z0-9]/.test(t)) out.add("f2:" + words[0] + "_" + words[1]);
  // Hangul and Japanese: character 1–3-grams inside runs (a space inside Korean kept as "_").
  for (const run of t.match(/[\uAC00-\uD7A3\u3131-\u318E\u3040-\u30FF\u4E00-\u9FFF\uFF66-\uFF9F ]+/g) ?? []) {
    const r = run.trim().replace(/ /g, "_");
    if (r === "" || !(HANGUL.test(r) || CJK.test(r))) continue;
    for (let n = 1; n <= 3; n++) {
      for (let i = 0; i + n <= r.length; i++) {
        const g = r.slice(i, i + n);
        if (n === 1 && g === "_") continue;
        out.add("c:" + g);
      }
    }
  }
  // Where the request form sits: the last 1–5 characters, and the first 1–3.
  const tail = t.replace(/[\s\p{P}\p{S}]+$/gu, "");
  if (HANGUL.test(tail.slice(-1)) || CJK.test(tail.slice(-1))) {
    for (let n = 1; n <= 5 && n <= tail.length; n++) out.add("e:" + tail.slice(-n).replace(/ /g, "_"));
  }
  for (let n = 1; n <= 3 && n <= t.length; n++) {
    const head = t.slice(0, n);
    if (HANGUL.test(head) || CJK.test(head)) out.add("s:" + head.replace(/ /g, "_"));
  }
  if (more !== undefined) out.add(more);
  for (const [name, re] of lx) if (re.test(raw)) out.add("L:" + name);
  if (words.length === 0 && !HANGUL.test(t) && !CJK.test(t)) out.add("L:empty");
  return [...out];
}

/**
 * The weight table (round 16): one string, a line per feature, sorted, "feature<TAB>doc,support,other" in hundredths.
 * A feature is found by binary search over the string itself, so nothing is parsed or built when the table is first
 * used: parsing the JSON object it replaced cost a hook process about 6 MiB of peak on a prompt naming the handoff
 * (bench/RESULTS.md).
 */
let table: string | null = null;

/** A table's coarse index: the start of every HEADS-th part's first line, and that line's feature. */
type Heads = { at: number[]; keys: string[] };

/** How many parts a table's coarse index cuts it into. */
const HEADS = 256;

/** The coarse index of the tables seen in this process (the clause judge's, the mood judge's, a test's). */
const headsOf = new Map<string, Heads>();

function heads(t: string): Heads {
  let h = headsOf.get(t);
  if (h) return h;
  h = { at: [], keys: [] };
  for (let i = 0; i < HEADS; i++) {
    const a = i === 0 ? 0 : t.indexOf("\n", Math.floor((t.length * i) / HEADS)) + 1;
    if ((i > 0 && a <= 0) || a >= t.length || a === h.at[h.at.length - 1]) continue;
    h.at.push(a);
    h.keys.push(t.slice(a, t.indexOf("\t", a)));
  }
  headsOf.set(t, h);
  return h;
}

/**
 * Where a feature's line starts in a packed table (`packTable`), or -1. Shared with the mood judge's model. A binary
 * search over the 256 parts' first features, then the string's own search inside that part: a binary search over the
 * whole table turned about 1,100 times on one prompt with both judges, enough for JSC's optimising JIT to compile it
 * (about 2 MiB of peak; test/hook-jit.test.ts). Features compare as strings, code unit by code unit: the order the
 * trainer sorted in.
 */
export function findFeature(t: string, f: string): number {
  const { at, keys } = heads(t);
  if (keys.length === 0 || f < keys[0]) return -1;
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (keys[mid] <= f) lo = mid;
    else hi = mid - 1;
  }
  const a = at[lo];
  if (t.startsWith(f + "\t", a)) return a;
  const part = t.slice(a, lo + 1 < at.length ? at[lo + 1] : t.length);
  const j = part.indexOf("\n" + f + "\t");
  return j < 0 ? -1 : a + j + 1;
}

/**
 * The three weights on a feature's line (hundredths over 100: the same doubles as the two-decimal literals). Shared with
 * the mood judge's model.
 */
export function weightsAt(t: string, at: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  let i = t.indexOf("\t", at) + 1;
  for (let k = 0; k < 3; k++) {
    let neg = false;
    if (t.charCodeAt(i) === 45) {
      neg = true;
      i++;
    }
    let v = 0;
    for (let c = t.charCodeAt(i); c >= 48 && c <= 57; c = t.charCodeAt(++i)) v = v * 10 + c - 48;
    out[k] = (neg ? -v : v) / 100;
    i++;
  }
  return out;
}

/** The weight table, used as it is shipped (only a prompt that names the handoff gets this far). */
function weights(): string {
  table ??= WEIGHTS;
  return table;
}

/** A trained feature's weights below this (largest difference from the mean) are not shipped: they decide nothing. */
export const PRUNE = 0.15;

/** The weights a feature ships with (two decimals), or null when it is not worth shipping. */
export function shippedWeight(v: readonly number[], prune = PRUNE): [number, number, number] | null {
  const r = v.map((x) => Math.round(x * 100) / 100);
  return r.every((x) => Math.abs(x) < prune) ? null : [r[0], r[1], r[2]];
}

/** The shipped table's text: a line per feature worth shipping, sorted, "feature<TAB>doc,support,other" in hundredths. */
export function packTable(w: Map<string, readonly number[]>, prune = PRUNE): string {
  const lines: string[] = [];
  for (const [f, v] of [...w].sort(([a], [b]) => a < b ? -1 : 1)) {
    const r = shippedWeight(v, prune);
    if (r === null) continue;
    if (/[\t\n]/.test(f)) throw new Error(`a feature holds a tab or newline: ${JSON.stringify(f)}`);
    lines.push(f + "\t" + r.map((x) => Math.round(x * 100)).join(","));
  }
  return lines.join("\n");
}

/**
 * Evaluation only (eval/handoff-prompts/model/loso.ts): score with another table, e.g. one trained without a held-out
 * writer's prompts; null goes back to the shipped table. The hook never calls this.
 */
export function useTable(w: Map<string, readonly number[]> | null, prune = PRUNE): void {
  if (w === null) {
    table = null;
    return;
  }
  table = packTable(w, prune);
}

/** What the model says about one clause. */
export interface ClauseScore {
  /** Probabilities of doc, support, other. */
  p: readonly [number, number, number];
  /** The features that pushed most towards the winning class, heaviest first. */
  top: string[];
}

/** Score one clause. */
export function scoreClause(clause: string, towards?: ClauseClass): ClauseScore {
  return scoreWith(weights(), clauseFeatures(clause), towards);
}

/** Score a clause's features against a packed table. Shared with the mood judge's model. */
export function scoreWith(w: string, all: readonly string[], towards?: ClauseClass): ClauseScore {
  // Index loops and no sort callback: filter, sort and their callbacks ran often enough on a
  // prompt naming the handoff for the optimising JIT to compile four functions in every hook
  // process that judged one (bench/RESULTS.md, "Hook peak RSS").
  const feats: string[] = [];
  const rows: number[] = [];
  for (let i = 0; i < all.length; i++) {
    const j = findFeature(w, all[i]);
    if (j >= 0) {
      feats.push(all[i]);
      rows.push(j);
    }
  }
  const z = [0, 0, 0];
  const vs: number[][] = [];
  for (let i = 0; i < feats.length; i++) {
    const v = weightsAt(w, rows[i]);
    z[0] += v[0];
    z[1] += v[1];
    z[2] += v[2];
    vs.push(v);
  }
  const mx = Math.max(...z);
  const e = z.map((x) => Math.exp(x - mx));
  const s = e[0] + e[1] + e[2];
  const p = [e[0] / s, e[1] / s, e[2] / s] as const;
  const k = towards === undefined ? p.indexOf(Math.max(...p)) : CLASSES.indexOf(towards);
  // The three features with the largest margin towards class k, heaviest first, ties in feature
  // order: the first three of a stable sort by margin, without sorting.
  const top: string[] = [];
  const margins: number[] = [];
  for (let i = 0; i < feats.length; i++) {
    const f = feats[i];
    if (f === "bias") continue;
    const v = vs[i];
    const m = v[k] - (k === 0 ? Math.max(v[1], v[2]) : k === 1 ? Math.max(v[0], v[2]) : Math.max(v[0], v[1]));
    let at = top.length;
    while (at > 0 && margins[at - 1] < m) at--;
    if (at >= 3) continue;
    top.splice(at, 0, f);
    margins.splice(at, 0, m);
    if (top.length > 3) {
      top.pop();
      margins.pop();
    }
  }
  return { p, top };
}
