/**
 * The Stop gate's phrase patterns, as data per language (patterns-en/ko/ja.ts), compiled once.
 * Config can add continuation and approval patterns (regex sources) without a release: a new
 * phrasing that slipped through one night is a config line the next evening.
 */
import { EN } from "./patterns-en.ts";
import { JA } from "./patterns-ja.ts";
import { KO } from "./patterns-ko.ts";

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
 */
export type RuleOut = "conditional" | "recommendation" | "later" | "state" | "report";

/**
 * Which part of the message a pattern is tried on (see `MessageView`): `heading` is the
 * message's last paragraph when it is one heading, `item` the items under a lead-in.
 */
export type PatternScope = "all" | "window" | "last" | "tail" | "heading" | "item";

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
}

/** A language's patterns and the regex flags they are written for. */
export interface LangPatterns {
  lang: Exclude<PatternLang, "config">;
  flags: string;
  patterns: PatternDef[];
}

export interface Pattern {
  id: string;
  lang: PatternLang;
  kind: PatternKind;
  scope: PatternScope;
  re: RegExp;
  unless: RegExp | null;
  why: RuleOut | null;
  clause: "final" | null;
  unlessSentence: RegExp | null;
  subjectless: boolean;
}

export interface PatternSet {
  patterns: Pattern[];
  /** Config sources that did not compile; they are skipped, never fatal. */
  errors: string[];
}

function defaultScope(kind: PatternKind, why?: RuleOut): PatternScope {
  if (kind === "escape") return "all";
  if (kind === "question") return "last";
  if (kind === "ruleout" && why === "report") return "item";
  if (kind === "announce" || kind === "ruleout") return "tail";
  return "window";
}

function compile(lang: LangPatterns): Pattern[] {
  return lang.patterns.map((p) => ({
    id: p.id,
    lang: lang.lang,
    kind: p.kind,
    scope: p.scope ?? defaultScope(p.kind, p.why),
    re: new RegExp(p.source, lang.flags),
    unless: p.unless ? new RegExp(p.unless, lang.flags) : null,
    why: p.why ?? null,
    clause: p.clause ?? null,
    unlessSentence: p.unlessSentence ? new RegExp(p.unlessSentence, lang.flags) : null,
    subjectless: p.subjectless ?? false,
  }));
}

let builtin: readonly Pattern[] | null = null;

/**
 * Every built-in pattern, in the order they are tried within a kind. Compiled on first use:
 * only Stop calls need them, and compiling them at load cost every hook call several ms.
 */
export function builtinPatterns(): readonly Pattern[] {
  builtin ??= Object.freeze([EN, KO, JA].flatMap(compile));
  return builtin;
}

let cached: { key: string; set: PatternSet } | null = null;

/**
 * The built-in patterns plus the configured extras (`config.stopPatterns`). Extras are tried
 * case-insensitively; one that does not compile is reported in `errors` and skipped.
 */
export function patternSet(extra: { continuation: string[]; approval: string[] }): PatternSet {
  const key = JSON.stringify(extra);
  if (cached?.key === key) return cached.set;
  const patterns: Pattern[] = [...builtinPatterns()];
  const errors: string[] = [];
  const add = (sources: string[], kind: "announce" | "approval", name: string) => {
    sources.forEach((source, i) => {
      try {
        const re = new RegExp(source, "iu");
        const scope = defaultScope(kind);
        patterns.push({
          id: `config.${name}.${i}`,
          lang: "config",
          kind,
          scope,
          re,
          unless: null,
          why: null,
          clause: null,
          unlessSentence: null,
          subjectless: false,
        });
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        errors.push(`ignoring stop pattern "${source}": ${why}`);
      }
    });
  };
  add(extra.continuation, "announce", "continuation");
  add(extra.approval, "approval", "approval");
  const set = { patterns, errors };
  cached = { key, set };
  return set;
}
