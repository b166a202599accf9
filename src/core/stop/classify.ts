/**
 * What a final assistant message says about the end of its turn: is it legitimately waiting
 * (gate 4: escape phrase, approval, question, background wait, hand-off), and does it announce
 * work it has not done (gate 5)? Each answer names the pattern and the words it matched.
 *
 * Gate 5 judges what the sentence the turn ended on *is*, in two steps: an `announce` pattern
 * finds a sentence that reads as the agent's own next action (tried on its final clause where
 * the pattern says so), then `ruleout` patterns ask whether that sentence is something else
 * all along (its work hangs on a condition, it recommends, it plans a later phase, it states a
 * result) and, for a lead-in above a list or headings, whether the items report finished work.
 * A ruled-out sentence is kept, with its reason, so the audit can show why it did not push.
 */
import type { Pattern, PatternKind, PatternLang, PatternSet } from "./patterns.ts";
import { finalClause, type MessageView, type Sentence, viewMessage } from "./text.ts";

/** The pattern that decided, and the words it matched (the original text, not the masked). */
export interface Hit {
  id: string;
  lang: PatternLang;
  kind: PatternKind;
  excerpt: string;
  /** For a ruled-out announcement: the rule-out pattern and what the sentence is instead. */
  why?: string;
}

export interface Classification {
  /** Gate 4: the message waits for a human or an outside event, or asks a question. */
  waiting: Hit | null;
  /** Gate 5: the nearest-to-the-end sentence that announces unfinished work. */
  announcement: Hit | null;
  /** The nearest-to-the-end sentence an announce pattern matched that a rule-out overruled, or null. */
  ruledOut: Hit | null;
}

/** Most items under a lead-in that must report finished work for the lead-in to be a title. */
const REPORT_SHARE = 0.5;

const EXCERPT_MAX = 200;

/** Most sentences of the closing prose the reader's turn is looked for in (a long list's items add nothing after these). */
const READER_MAX = 16;

function clip(s: string): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length <= EXCERPT_MAX ? one : one.slice(0, EXCERPT_MAX - 1) + "…";
}

function hit(p: Pattern, excerpt: string): Hit {
  return { id: p.id, lang: p.lang, kind: p.kind, excerpt: clip(excerpt) };
}

function matches(p: Pattern, s: Sentence): boolean {
  const text = p.clause === "final" ? finalClause(s.text) : s.text;
  return p.re.test(text) && !(p.unless?.test(text) ?? false) && !(p.unlessSentence?.test(s.text) ?? false);
}

function lineAround(text: string, index: number): string {
  const start = text.lastIndexOf("\n", index) + 1;
  const end = text.indexOf("\n", index);
  return text.slice(start, end === -1 ? text.length : end);
}

/** The language a sentence is written in, by script: kana for ja, Hangul for ko, kanji alone ("変更内容:") for ja. */
export function scriptOf(text: string): PatternLang {
  if (/[\u3040-\u30FF]/u.test(text)) return "ja";
  if (/[\uAC00-\uD7A3]/u.test(text)) return "ko";
  if (/[\u4E00-\u9FFF]/u.test(text)) return "ja";
  return "en";
}

function sentencesFor(view: MessageView, p: Pattern): Sentence[] {
  if (p.scope === "tail") return view.tail;
  if (p.scope === "last") return view.last;
  return view.window;
}

/** Gate 4 order: escape phrases, then approval, hand-off, waits, and questions last. */
const WAIT_ORDER: PatternKind[] = ["escape", "approval", "handoff", "wait", "question"];

/**
 * Gate 4 reads the reader's turn wider than gate 5 reads the action: a turn to the reader anywhere in
 * the message's closing prose (the window, and the tail with a list's lead-in) makes it a wait, since
 * pushing a wait is the error the seeds forbid and a missed announcement is the watch's to catch.
 */
function readerSentences(view: MessageView): Sentence[] {
  const near = view.window.slice(-READER_MAX);
  const seen = new Set(near.map((s) => s.original));
  return [...near, ...view.tail.filter((s) => !seen.has(s.original))];
}

function findWaiting(view: MessageView, set: PatternSet, skip: PatternKind | null = null): Hit | null {
  const reader = readerSentences(view);
  for (const kind of WAIT_ORDER) {
    if (kind === skip) continue;
    const hits: { hit: Hit; script: PatternLang }[] = [];
    for (const p of set.patterns) {
      if (p.kind !== kind) continue;
      if (p.scope === "all") {
        const m = p.re.exec(view.unfenced);
        if (m) hits.push({ hit: hit(p, lineAround(view.unfenced, m.index)), script: p.lang });
        continue;
      }
      const s = (p.scope === "tail" ? reader : sentencesFor(view, p)).find((x) => matches(p, x));
      if (s) hits.push({ hit: hit(p, s.original), script: scriptOf(s.text) });
    }
    // Script-neutral patterns (a bare "?") are attributed to the sentence's own language.
    const best = hits.find((h) => h.hit.lang === h.script) ?? hits[0];
    if (best) return best.hit;
  }
  return null;
}

/** The sentence right before `s` in the closing prose, or null. */
function before(view: MessageView, s: Sentence): Sentence | null {
  // By identity (the tail's sentences are the window's own): a sentence written twice must read its own neighbour,
  // not the first copy's. Else the nearest copy to the end, where the tail is.
  let i = view.window.indexOf(s);
  if (i < 0) i = view.window.findLastIndex((x) => x.original === s.original);
  return i > 0 ? view.window[i - 1] : null;
}

/** Why the announcing sentence `s` is not an announcement after all, or null. */
function ruleOut(view: MessageView, set: PatternSet, s: Sentence): string | null {
  // An "also" note after a result continues the report ("パーサーを修正しました。ついでにREADMEの誤字も修正。").
  const also = set.patterns.find((x) => x.kind === "ruleout" && x.afterResult && matches(x, s));
  const prev = also ? before(view, s) : null;
  const end = prev ? terminal(view, set, prev) : null;
  if (also && end && end !== "skip" && end.why === "result") return `result: ${also.id} (after ${end.id})`;
  // A then-step after a step that waits ("Once CI passes I'll merge. Then I'll move on to the docs.") waits too.
  const then = set.patterns.find((x) => x.kind === "ruleout" && x.afterCondition && matches(x, s));
  const step = then ? before(view, s) : null;
  const waits = step ? conditional(set, step) : null;
  if (then && waits) return `conditional: ${then.id} (after ${waits})`;
  const p = set.patterns.find((x) =>
    x.kind === "ruleout" && x.scope === "tail" && !x.terminal && !x.afterResult && !x.afterCondition &&
    !(x.followed && s.last) && matches(x, s) && (x.context === null || inContext(view, s, x.context))
  );
  if (p) return `${p.why}: ${p.id}`;
  const items = isLead(view, s) ? view.leadIn?.items ?? [] : [];
  if (items.length === 0) return null;
  const report = set.patterns.filter((x) => x.kind === "ruleout" && x.scope === "item");
  const reporting = items.filter((i) => report.some((x) => matches(x, i))).length;
  // A lead-in over findings titles a piece of work already shown; over steps, it plans them.
  return reporting > items.length * REPORT_SHARE ? `report: ${reporting} of ${items.length} items below report` : null;
}

/** Sentences before `s` a `context` is looked for in: what was running when the step was named, not long before. */
const CONTEXT_BEFORE = 2;

/** `s` or one of the sentences just before it in the closing prose matches `re` (what the agent said is running). */
function inContext(view: MessageView, s: Sentence, re: RegExp): boolean {
  let i = view.window.indexOf(s);
  if (i < 0) i = view.window.findLastIndex((x) => x.original === s.original);
  const near = i < 0 ? [] : view.window.slice(Math.max(0, i - CONTEXT_BEFORE), i);
  return re.test(s.text) || near.some((x) => re.test(x.text));
}

/**
 * The conditional or later rule-out of `s`: a condition or a stretch of time holds its step back ("Once CI passes I'll
 * merge.", "Merge on green", "DNS can take a while").
 */
function conditional(set: PatternSet, s: Sentence): string | null {
  const c = set.patterns.find((x) =>
    x.kind === "ruleout" && (x.why === "conditional" || x.why === "later") && x.scope === "tail" && !x.afterCondition &&
    matches(x, s)
  );
  return c ? c.id : null;
}

function isLead(view: MessageView, s: Sentence): boolean {
  return view.leadIn?.lead.original === s.original;
}

/** The sentence is one of the items under the lead-in: the lead-in speaks for them. */
function isUnderLead(view: MessageView, s: Sentence): boolean {
  return view.leadIn?.items.some((i) => i.original === s.original) ?? false;
}

/** More than half of the items under a lead-in report (finished work, findings) rather than list steps. */
function itemsReport(view: MessageView, set: PatternSet): boolean {
  const items = view.leadIn?.items ?? [];
  const report = set.patterns.filter((x) => x.kind === "ruleout" && x.scope === "item");
  return items.length > 0 &&
    items.filter((i) => report.some((x) => matches(x, i))).length > items.length * REPORT_SHARE;
}

/** The sentence is a label ending in a colon that is not the agent's own lead-in ("Next steps:", "Changes:"). */
function labelNotOwn(set: PatternSet, s: Sentence): boolean {
  if (!/[:：]\s*$/.test(s.text)) return false;
  const script = scriptOf(s.text);
  const notOwn = set.patterns.find((x) => x.kind === "ruleout" && x.why === "label" && x.lang === script);
  return notOwn !== undefined && matches(notOwn, s);
}

/** What a terminal sentence is, or `skip` for a label over steps that leaves the decision to the sentence before. */
type End = { id: string; why: string } | "skip" | null;

/**
 * What the message ends on when it is not the agent's own immediate action: a heading, a label
 * above results, a result, a verdict, a later phase or a workflow's next step (issue 31). Tried
 * on every sentence from the end, announcing or not: the first such sentence ends the search.
 */
function terminal(view: MessageView, set: PatternSet, s: Sentence): End {
  const script = scriptOf(s.text);
  if (s.heading && !isUnderLead(view, s)) {
    // A step heading with nothing under it is the step about to be taken, like a label at the very end.
    const step = s.last && set.patterns.some((p) => p.kind === "announce" && p.scope === "heading" && matches(p, s));
    return step ? null : { id: `${script}.end.heading`, why: "heading" };
  }
  if (s.above) {
    const label = { id: `${script}.end.label`, why: "label" };
    // Above code, a table or prose the colon introduces something shown to the reader.
    if (s.above === "block" || !isLead(view, s) || itemsReport(view, set)) return label;
    // A label naming the files made or changed ("変更ファイル:", "Files changed:") reports, whatever came before it.
    const files = set.patterns.find((x) =>
      x.kind === "ruleout" && x.terminal && x.above && x.why === "report" && x.lang === script && matches(x, s)
    );
    if (files) return { id: files.id, why: "report" };
    // Above steps: the agent's own lead-in ("Next, I will:") can push; any other label leaves it to what came before.
    const notOwn = set.patterns.find((x) => x.kind === "ruleout" && x.why === "label" && x.lang === script);
    return notOwn && matches(notOwn, s) ? "skip" : null;
  }
  // Each language's terminal shapes are read only on sentences written in that language.
  const p = set.patterns.find((x) =>
    x.kind === "ruleout" && x.terminal && !x.above && x.lang === script && matches(x, s)
  );
  return p ? { id: p.id, why: p.why ?? "result" } : null;
}

/**
 * Gate 5, asymmetric (issue 31): a push needs the message to end on the agent's own immediate
 * action. The search walks back from the last sentence of the tail over sentences that say
 * neither (a remark after the announcement); the first announcement pushes unless a rule-out
 * says it is something else, and a rule-out or a terminal sentence ends the search: the
 * message then ends on that, not on an action.
 */
function findAnnouncement(view: MessageView, set: PatternSet): Pick<Classification, "announcement" | "ruledOut"> {
  const announce = set.patterns.filter((p) => p.kind === "announce" && (p.scope === "tail" || p.scope === "heading"));
  let skipped: Hit | null = null;
  const final = view.tail.at(-1);
  const colonEnd = final?.last === true && /[:：]\s*$/.test(final.text);
  for (const s of [...view.tail].reverse()) {
    const p = announce.find((x) =>
      (x.scope === "heading" ? s.heading === true && s.last === true : !(x.last && !s.last)) &&
      !(x.colonEnd && !(colonEnd && s !== final)) && !(x.subjectless && s.item) && matches(x, s)
    );
    const end = (isUnderLead(view, s) && !p) || p?.colonEnd ? null : terminal(view, set, s);
    if (end === "skip") {
      // Recorded in case nothing before it announces: the audit still names the label it passed over.
      const id = `${scriptOf(s.text)}.end.label`;
      skipped ??= { id, lang: scriptOf(s.text), kind: "ruleout", excerpt: clip(s.original), why: `label: ${id}` };
      continue;
    }
    if (end) {
      const words = p
        ? hit(p, s.original)
        : { id: end.id, lang: scriptOf(s.text), kind: "ruleout" as const, excerpt: clip(s.original) };
      return { announcement: null, ruledOut: { ...words, why: `${end.why}: ${end.id}` } };
    }
    if (!p) continue;
    // Under a label that is not the agent's own ("Next steps:", "남은 작업:"), an item that says "I'll …" is one
    // step of a list written for the reader, not the action the message ends on.
    const lead = view.leadIn?.lead;
    if (lead && isUnderLead(view, s) && labelNotOwn(set, lead)) {
      return {
        announcement: null,
        ruledOut: { ...hit(p, s.original), why: `label: ${scriptOf(lead.text)}.end.label` },
      };
    }
    const why = ruleOut(view, set, s);
    if (why === null) return { announcement: hit(p, s.original), ruledOut: null };
    return { announcement: null, ruledOut: { ...hit(p, s.original), why } };
  }
  return { announcement: null, ruledOut: skipped };
}

/**
 * A message whose last paragraph sits under a summary heading ("## まとめ", "**Summary**", "## 결론") sums
 * up what was done or found: whatever verbs it ends on, it ends on no action of the agent's.
 */
function underSummary(
  view: MessageView,
  set: PatternSet,
  found: Hit,
): Pick<Classification, "announcement" | "ruledOut"> {
  const section = view.section;
  const p = section === null
    ? undefined
    : set.patterns.find((x) =>
      x.kind === "ruleout" && x.scope === "section" && x.lang === scriptOf(section) && x.re.test(section)
    );
  // Its `unless` is tried on the announcing sentence: one that opens on a next step ("Next I'll …", "次は…") moves
  // past the summary.
  if (!p || section === null || (p.unless?.test(found.excerpt) ?? false)) {
    return { announcement: found, ruledOut: null };
  }
  return { announcement: null, ruledOut: { ...found, why: `${p.why}: ${p.id} (${clip(section)})` } };
}

/**
 * A background wait on the agent's own work ("Now I'm waiting for the remaining agents.") followed by the agent's own
 * step taken meanwhile ("In the meantime, let me check which worktrees exist."): the message ends on that step, so the
 * wait does not hold. Only a wait of kind `wait` whose sentence names the agent's own work; requests, questions and
 * approvals are looked for as before.
 */
function meanwhile(view: MessageView, set: PatternSet, waiting: Hit | null, announcement: Hit | null): boolean {
  if (waiting?.kind !== "wait" || announcement === null) return false;
  // The step must come after the wait: "Let me check the logs. I'm waiting for the agents." ends waiting.
  const at = (excerpt: string) => readerSentences(view).findIndex((x) => clip(x.original) === excerpt);
  const step = at(announcement.excerpt);
  if (step < 0 || step <= at(waiting.excerpt)) return false;
  // Nor may the step's own sentence wait ("I'll review their output when they're done").
  if (set.patterns.some((p) => p.kind === "wait" && p.re.test(announcement.excerpt))) return false;
  return set.patterns.some((p) =>
    p.kind === "announce" && p.ownWait !== null && p.re.test(announcement.excerpt) &&
    !(p.unless?.test(announcement.excerpt) ?? false) && p.ownWait.test(waiting.excerpt) &&
    !(p.unless?.test(waiting.excerpt) ?? false)
  );
}

/** Classify a final assistant message for gates 4 and 5. */
export function classifyMessage(text: string, set: PatternSet): Classification {
  const view = viewMessage(text);
  const gate5 = findAnnouncement(view, set);
  const waiting = findWaiting(view, set);
  return {
    waiting: meanwhile(view, set, waiting, gate5.announcement) ? findWaiting(view, set, "wait") : waiting,
    ...(gate5.announcement ? underSummary(view, set, gate5.announcement) : gate5),
  };
}
