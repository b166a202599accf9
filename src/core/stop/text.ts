/**
 * How the Stop gate reads a final assistant message. Only the end of a message says whether the
 * turn ended on unfinished work, and words inside code, inline code, quotes and block quotes
 * are talk about text, not announcements. Masking keeps offsets, so an excerpt can quote the
 * original words while patterns only ever see prose.
 */

/** One sentence (or list item) of prose: its masked text for matching, its original words. */
export interface Sentence {
  text: string;
  original: string;
  /** The sentence is (the start of) a list item: an imperative there is usually an instruction to the reader. */
  item?: boolean;
  /**
   * The sentence ends on a colon and something follows it: `list` when the next line is a list
   * item or a heading (steps or findings), `block` for anything else (code, a table, a quote, prose).
   */
  above?: "list" | "block";
  /** Nothing follows the sentence in the message (not even code): the message ends on it. */
  last?: boolean;
  /** The sentence is a heading line (Markdown `#`, or bold from end to end). */
  heading?: boolean;
}

/**
 * A sentence that introduces what follows it ("I'll review the diff:" above a list or headings)
 * and what follows: a plan when the items are steps, a finished piece of work when they report.
 */
export interface LeadIn {
  lead: Sentence;
  items: Sentence[];
}

/** The parts of a message the gates look at. */
export interface MessageView {
  /** The message with fenced code blanked: escape phrases are honoured anywhere in it. */
  unfenced: string;
  /** The last three sentences of the last paragraph, plus a list's lead-in line. */
  tail: Sentence[];
  /** Every sentence of the last two paragraphs: approval, wait and hand-off phrases. */
  window: Sentence[];
  /** The last two sentences of the message: an unaddressed question still counts there. */
  last: Sentence[];
  /** The lead-in of a list or of headings the message ends on, with its items. */
  leadIn: LeadIn | null;
  /** The heading the message's last paragraph sits under (its words, decoration stripped), or null. */
  section: string | null;
}

/** Stands in for masked code and quotes: not a word character, not a sentence end. */
export const MASK = "\uE000";

/**
 * A fenced code block, to the closing fence or the end of the message. The opening run is taken whole (`(?!`)`,
 * `(?!~)`): without that, a line of n backticks and no newline was tried as every shorter run with the rest as an info
 * string, n² steps (80,000 backticks took the Stop hook 1.75 s).
 */
export const FENCE = /^[ \t]*(`{3,}(?!`)|~{3,}(?!~))[^\n]*\n[\s\S]*?(?:^[ \t]*\1[ \t]*$|(?![\s\S]))/gm;
const BLOCKQUOTE = /^[ \t]*>.*$/gm;
const INLINE = [
  /`[^`\n]+`/g,
  /"[^"\n]{1,300}"/g,
  /“[^”\n]{0,300}”/g,
  /「[^」\n]{0,300}」/g,
  /『[^』\n]{0,300}』/g,
  /\bhttps?:\/\/\S+/g,
];
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+/;
/** A line that opens on a bold label ("**settings.json**: …"): an item of a list by another name. */
const BOLD_LABEL = /^\s*(?:\*\*|__)[^*_\n]{1,80}(?:\*\*|__)\s*[:：]/;
/** A Markdown heading, or a line that is bold from end to end (a heading by another name). */
const HEADING = /^\s*(?:#{1,6}\s+\S.*|(?:\*\*|__)[^*_\n]+(?:\*\*|__)[:：]?)\s*$/;
const DECORATION = /^\s*(?:#{1,6}\s+|(?:[-*+•]|\d+[.)])\s+)?(?:\*\*|__)?\s*/;
// A semicolon joins independent clauses; each is judged on its own.
/**
 * Longest sentence judged whole. Some patterns scan from an object marker to the verb, which is
 * quadratic in sentence length; real sentences are far shorter, and a longer one keeps its start
 * (the subject) and its end (the verb).
 */
const SENTENCE_MAX = 600;
/** Most sentences kept in the window, counted from the end. */
const WINDOW_MAX = 40;
/** Fewest sentences the window reaches back for (at most six paragraphs). */
const WINDOW_MIN = 8;
// A list number ("2. Then run…", "### 3. The config", "**3. config.ts**") ends no sentence; lines are split one at a
// time, so ^ is the line start.
// Nor does a code line's ";" or "." before a Japanese particle that goes on with the sentence ("子は emit('update'); の
// 形で親に通知します。", round 17).
const SENTENCE_END =
  /(?<=[.!?;])(?<!^\s*(?:#{1,6}\s+|\*\*|__)?\d+[.)])\s+(?![のでをにがはとへ][^\u3040-\u309F])|(?<=[。！？])\s*/g;

function blank(s: string, fill: string): string {
  return s.replace(/[^\n]/g, fill);
}

/** Mask a span with one leading mask char and spaces, so it reads as a single token. */
function token(s: string): string {
  return MASK + " ".repeat(s.length - 1);
}

interface Span {
  start: number;
  end: number;
}

/** Split a paragraph (given as offsets into the masked text) into sentence spans. */
function sentencesOf(masked: string, p: Span): Span[] {
  const out: Span[] = [];
  let lineStart = p.start;
  for (const line of masked.slice(p.start, p.end).split("\n")) {
    let from = 0;
    for (const m of line.matchAll(SENTENCE_END)) {
      out.push({ start: lineStart + from, end: lineStart + m.index });
      from = m.index + m[0].length;
    }
    out.push({ start: lineStart + from, end: lineStart + line.length });
    lineStart += line.length + 1;
  }
  return out.filter((s) => masked.slice(s.start, s.end).replaceAll(MASK, "").trim() !== "");
}

function paragraphsOf(masked: string): Span[] {
  const out: Span[] = [];
  const re = /\n[ \t]*\n/g;
  let from = 0;
  const push = (end: number) => {
    const body = masked.slice(from, end);
    if (body.replaceAll(MASK, "").trim() !== "" && !/^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/.test(body)) {
      out.push({ start: from, end });
    }
  };
  for (const m of masked.matchAll(re)) {
    push(m.index);
    from = m.index + m[0].length;
  }
  push(masked.length);
  return out;
}

/** What follows a sentence that ends on a colon: a list or headings, or a block of anything else. */
function belowOf(source: string, end: number): "list" | "block" {
  const next = source.slice(end).split("\n").find((l, i) => i > 0 && l.trim() !== "") ?? "";
  return LIST_ITEM.test(next) || HEADING.test(next) || BOLD_LABEL.test(next) ? "list" : "block";
}

/** The whole line around an offset. */
function lineAt(text: string, index: number): string {
  const start = text.lastIndexOf("\n", index - 1) + 1;
  const end = text.indexOf("\n", index);
  return text.slice(start, end === -1 ? text.length : end);
}

/** Every non-empty line of a paragraph is a list item or a heading. */
function isTrailer(masked: string, p: Span): boolean {
  const lines = masked.slice(p.start, p.end).split("\n").filter((l) => l.replaceAll(MASK, "").trim() !== "");
  return lines.length > 0 && lines.every((l) => LIST_ITEM.test(l) || HEADING.test(l) || BOLD_LABEL.test(l));
}

/**
 * The clause a sentence ends on: the part after the last clause boundary (a comma, a
 * connective ending such as ので / -고 / -니, an embedded question's か / -지 before a verb of
 * checking). Its subject, topic and verb say whose action the sentence ends on, where an earlier
 * clause ("all tests passed, so") would mislead.
 */
export function finalClause(text: string): string {
  // An aside in brackets at the very end is no clause of its own: "README だけ更新します（CHANGELOG は次の PR なので
  // 触りません）。" ends on 更新します.
  const body = /[）)]\s*[。．.!！]?\s*$/u.test(text) && JAPANESE.test(text) ? text.replace(TRAILING_ASIDE, "$1") : text;
  const parts = body.split(CLAUSE_BOUNDARY);
  for (let i = parts.length - 1; i >= 0; i--) if (parts[i].trim() !== "") return parts[i].trim();
  return text.trim();
}

const TRAILING_ASIDE = /\s*[（(][^（）()]*[）)]\s*([。．.!！]?)\s*$/u;
/** Kana or kanji: the bracketed aside is cut only in Japanese text (a Korean terse note ends on its own words). */
const JAPANESE = /[\u3040-\u30FF\u4E00-\u9FFF]/u;

const CLAUSE_BOUNDARY = new RegExp(
  [
    String.raw`[,;、，；]\s*`,
    String.raw`\s(?:and|but|so|then)\s`,
    String.raw`(?<=ので|ため|けど|けれど|けれども|のに)(?![\u3040-\u309F])`,
    String.raw`(?<=か(?:どうか)?を?)(?=(?:確認|検証|調査|チェック|調べ|確かめ|テスト|見て|試し))`,
    String.raw`(?<=[가-힣](?:고|서|니|니까|는데|지만|며|면서|는지|은지|인지|할지|을지|될지))\s`,
  ].join("|"),
  "u",
);

/** Build the gate's view of a message. */
export function viewMessage(text: string): MessageView {
  const source = text.replace(/\r\n?/g, "\n").replace(/[’‘]/g, "'");
  const unfenced = source.replace(FENCE, (m) => blank(m, " "));
  let masked = unfenced.replace(BLOCKQUOTE, (m) => blank(m, " "));
  for (const re of INLINE) masked = masked.replace(re, token);
  const bounded = (s: Span) => {
    const t = masked.slice(s.start, s.end);
    const half = SENTENCE_MAX / 2;
    return t.length <= SENTENCE_MAX ? t : `${t.slice(0, half)} ${MASK} ${t.slice(-half)}`;
  };
  const contentEnd = source.trimEnd().length;
  const sentence = (s: Span): Sentence => {
    const text = bounded(s).replace(DECORATION, "").replace(/(?:\*\*|__)/g, "").trim();
    return {
      text,
      original: source.slice(s.start, s.end).replace(DECORATION, "").trim(),
      ...(LIST_ITEM.test(masked.slice(s.start, s.end)) ? { item: true } : {}),
      // Masked code after it counts: "Run the tests with:" above a code block is a label.
      ...(/[:：]\s*$/.test(text) && s.end < contentEnd ? { above: belowOf(source, s.end) } : {}),
      ...(s.end >= contentEnd ? { last: true } : {}),
      ...(HEADING.test(lineAt(masked, s.start)) ? { heading: true } : {}),
    };
  };
  const paragraphs = paragraphsOf(masked);
  const lastP = paragraphs.at(-1);
  if (!lastP) return { unfenced, tail: [], window: [], last: [], leadIn: null, section: null };
  const lastSentences = sentencesOf(masked, lastP);
  const tail = lastSentences.slice(-3);
  let leadIn: LeadIn | null = null;
  // A list's lead-in ("Next, I will:") carries the subject its items leave out.
  const lines = masked.slice(lastP.start, lastP.end).split("\n").filter((l) => l.trim() !== "");
  if (lines.some((l) => LIST_ITEM.test(l))) {
    // The lead-in is the last sentence before the first item ("Found it. Fix plan:" above "1. …" is led by "Fix plan:").
    const firstItem = lastSentences.find((s) => LIST_ITEM.test(masked.slice(s.start, s.end)));
    const lead = lastSentences.filter((s) =>
      !LIST_ITEM.test(masked.slice(s.start, s.end)) && (firstItem === undefined || s.start < firstItem.start)
    ).at(-1);
    const prev = paragraphs.at(-2);
    const prevLast = prev ? sentencesOf(masked, prev).at(-1) : undefined;
    if (lead && !tail.includes(lead)) tail.unshift(lead);
    const items = lastSentences.filter((x) => x.start > (lead?.start ?? Infinity));
    if (lead && items.length > 0) leadIn = { lead: sentence(lead), items: items.map(sentence) };
    // A label over the list ("必要な変更:", "Changes:") leaves the decision to the sentence before it, in this
    // paragraph or at the end of the one before.
    if (lead && items.length > 0 && /[:：]\s*$/.test(masked.slice(lead.start, lead.end))) {
      const earlier = lastSentences.filter((s) => s.end <= lead.start).at(-1) ?? prevLast;
      if (earlier && !tail.some((t) => t.start === earlier.start)) tail.unshift(earlier);
    } else if (!lead && prevLast && /:\s*$/.test(masked.slice(prevLast.start, prevLast.end))) tail.unshift(prevLast);
  }
  // A message that ends on a list or on headings is introduced by the sentence before them.
  let trailerStart = paragraphs.length;
  while (trailerStart > 0 && isTrailer(masked, paragraphs[trailerStart - 1])) trailerStart--;
  const before = paragraphs[trailerStart - 1];
  if (trailerStart < paragraphs.length && before) {
    const leadSpan = sentencesOf(masked, before).at(-1);
    const items = paragraphs.slice(trailerStart).flatMap((p) => sentencesOf(masked, p));
    if (leadSpan) {
      leadIn = { lead: sentence(leadSpan), items: items.map(sentence) };
      if (!tail.some((t) => t.start === leadSpan.start)) tail.unshift(leadSpan);
      // A label over the list ("Changes:") leaves the decision to the sentence before it.
      const label = /[:：]\s*$/.test(masked.slice(leadSpan.start, leadSpan.end));
      const earlier = paragraphs.slice(Math.max(0, trailerStart - 2), trailerStart).flatMap((p) =>
        sentencesOf(masked, p)
      )
        .filter((x) => x.end <= leadSpan.start).at(-1);
      if (label && earlier && !tail.some((t) => t.start === earlier.start)) tail.unshift(earlier);
    }
  }
  // The last two paragraphs, and more of them while they hold fewer than WINDOW_MIN sentences (code blocks
  // and short lines cut a message's closing prose into many small paragraphs).
  let from = Math.max(0, paragraphs.length - 2);
  const count = (i: number) => paragraphs.slice(i).flatMap((p) => sentencesOf(masked, p)).length;
  while (WINDOW_MIN > 0 && from > 0 && from > paragraphs.length - 6 && count(from) < WINDOW_MIN) from--;
  const window = paragraphs.slice(from).flatMap((p) => sentencesOf(masked, p)).slice(-WINDOW_MAX);
  return {
    unfenced,
    tail: tail.map(sentence),
    window: window.map(sentence),
    last: window.slice(-2).map(sentence),
    leadIn,
    section: sectionOf(masked, lastP.start),
  };
}

/** The last heading line before `end` ("## まとめ", "**Summary**"), decoration stripped, or null. */
function sectionOf(masked: string, end: number): string | null {
  const lines = masked.slice(0, end).split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    if (HEADING.test(lines[i])) return lines[i].replace(DECORATION, "").replace(/(?:\*\*|__|[:：])/g, "").trim();
  }
  return null;
}
