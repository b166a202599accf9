/** The shapes of the Stop gate's phrase patterns, shared by the language files and the compiler. */
export type PatternLang = "en" | "ko" | "ja" | "config";

/**
 * What a phrase means for the gate. `escape`, `approval`, `wait`, `handoff` and `question`
 * are gate 4 (the turn legitimately ends); `announce` is gate 5 (work announced, not done).
 */
export type PatternKind = "escape" | "approval" | "wait" | "handoff" | "question" | "announce" | "ruleout";

/**
 * Why a sentence an `announce` pattern matched is still not an announcement of work for now
 * (`ruleout` patterns): its work hangs on a condition, it recommends, it plans a later phase,
 * it describes a state, or (tried on the items under a lead-in) the list reports finished work.
 * Issue 31 adds what a message may not end on if it is to be pushed: a label above results, a
 * result, a verdict, a workflow's next phase, a heading.
 */
export type RuleOut =
  | "conditional"
  | "recommendation"
  | "later"
  | "state"
  | "report"
  | "label"
  | "result"
  | "verdict"
  | "workflow"
  | "heading";

/**
 * Which part of the message a pattern is tried on (see `MessageView`): `heading` is a heading
 * line the message ends on with nothing under it, `item` the items under a lead-in, `section` the
 * heading the message's last paragraph sits under (a summary section reports, whatever its verbs; its
 * `unless` is tried on the announcing sentence, not the heading).
 */
export type PatternScope = "all" | "window" | "last" | "tail" | "heading" | "item" | "section";

/** One pattern as written in a data file. */
export interface PatternDef {
  id: string;
  kind: PatternKind;
  source: string;
  /** A sentence that also matches this is not a hit (e.g. a third-person topic). */
  unless?: string;
  /** Defaults: escape all, question last, announce and ruleout tail, report item, the rest window. */
  scope?: PatternScope;
  /** For `ruleout` patterns: what the sentence is instead of an announcement. */
  why?: RuleOut;
  /** "final": the pattern (and `unless`) is tried on the sentence's final clause only. */
  clause?: "final";
  /** With `clause: "final"`: a whole sentence matching this is not a hit (a topic governs all its clauses). */
  unlessSentence?: string;
  /**
   * The pattern reads a sentence with no subject ("Now rerun the linter."): not tried on list
   * items, where the same words are steps written for the reader ("To deploy: 1. First, build…").
   */
  subjectless?: boolean;
  /**
   * For `ruleout` patterns: tried on every sentence of the tail, announcing or not, from the end;
   * the first one that matches ends the search (the message ends on it, so it is not pushed).
   */
  terminal?: boolean;
  /** Tried only on a sentence that ends on a colon with something after it (a label above results). */
  above?: boolean;
  /** Tried only on the message's very last sentence, with nothing after it (not even code). */
  last?: boolean;
  /**
   * For `ruleout` patterns: tried only on a sentence something follows in the message. "変更内容をまとめます。" with
   * the summary under it opens a summary already given; as the message's last words it is still a step.
   */
  followed?: boolean;
  /**
   * For `announce` patterns: the agent's own step taken while its own work runs ("In the meantime, let me check …").
   * It outranks a background wait (kind `wait`) whose sentence names that work by these words ("waiting for the
   * remaining agents"), never one on the reader (the pattern's `unless`) or any request, question or approval.
   */
  ownWait?: string;
  /**
   * For `ruleout` patterns: an "also" note ("…も修正。", "…도 수정.", "Also fixed …") takes its tense from the sentence
   * before it. After a result ("パーサーを修正しました。") it continues the report; after a step it is one more step.
   */
  afterResult?: boolean;
  /**
   * For `ruleout` patterns: a then-step ("Then I'll …", "그다음 …", "その後、…") takes its condition from the sentence
   * before it. After a step that waits ("Once CI passes I'll merge."), it comes after the same event; after a step taken
   * now, it is one more step.
   */
  afterCondition?: boolean;
  /**
   * For `ruleout` patterns: tried only when this sentence or one of the two before it in the closing prose matches `context`
   * ("The security scan is still running. Then I'll consolidate and act."): the step is the one after that work.
   */
  context?: string;
  /**
   * Tried only when the message's last sentence ends on a colon with nothing after it: the agent stopped just before
   * showing or doing what this sentence opened ("Found it! The cache key is missing the locale:"). Such a pattern
   * outranks the terminal shapes on its own sentence (a found-it exclamation is past tense, but not where the message
   * ends).
   */
  colonEnd?: boolean;
}

/** A language's patterns and the regex flags they are written for. */
export interface LangPatterns {
  lang: Exclude<PatternLang, "config">;
  flags: string;
  patterns: PatternDef[];
}
