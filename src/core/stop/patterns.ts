/**
 * The Stop gate's phrase patterns, as data per language (patterns-en/ko/ja.ts), compiled once.
 * Config can add continuation and approval patterns (regex sources) without a release: a new
 * phrasing that slipped through one night is a config line the next evening.
 */
import { EN } from "./patterns-en.ts";
import { JA } from "./patterns-ja.ts";
import { KO } from "./patterns-ko.ts";

import type { LangPatterns, PatternDef, PatternKind, PatternLang, PatternScope, RuleOut } from "./pattern-types.ts";
export type { LangPatterns, PatternDef, PatternKind, PatternLang, PatternScope, RuleOut };

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
  terminal: boolean;
  above: boolean;
  last: boolean;
  colonEnd: boolean;
  followed: boolean;
  ownWait: RegExp | null;
  afterResult: boolean;
}

export interface PatternSet {
  /** The built-ins, then the configured extras. The built-ins compile when this is first read. */
  readonly patterns: Pattern[];
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
    terminal: p.terminal ?? false,
    above: p.above ?? false,
    last: p.last ?? false,
    colonEnd: p.colonEnd ?? false,
    followed: p.followed ?? false,
    ownWait: p.ownWait ? new RegExp(p.ownWait, lang.flags) : null,
    afterResult: p.afterResult ?? false,
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
  const extras: Pattern[] = [];
  const errors: string[] = [];
  const add = (sources: string[], kind: "announce" | "approval", name: string) => {
    sources.forEach((source, i) => {
      try {
        const re = new RegExp(source, "iu");
        const scope = defaultScope(kind);
        extras.push({
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
          terminal: false,
          above: false,
          last: false,
          colonEnd: false,
          followed: false,
          ownWait: null,
          afterResult: false,
        });
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        errors.push(`ignoring stop pattern "${source}": ${why}`);
      }
    });
  };
  add(extra.continuation, "announce", "continuation");
  add(extra.approval, "approval", "approval");
  // The built-ins compile only once a message is classified: a Stop outside unattended mode
  // reads only `errors` (its audit record), and compiling every table for it cost each such
  // Stop about a quarter of its instructions (bench/RESULTS.md, hook-ab).
  let patterns: Pattern[] | null = null;
  const set: PatternSet = {
    get patterns() {
      patterns ??= [...builtinPatterns(), ...extras];
      return patterns;
    },
    errors,
  };
  cached = { key, set };
  return set;
}
