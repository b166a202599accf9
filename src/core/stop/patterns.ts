/**
 * The Stop gate's phrase patterns, as data per language (patterns-en/ko/ja.ts), compiled once.
 * Config can add continuation and approval patterns (regex sources) without a release: a new
 * phrasing that slipped through one night is a config line the next evening.
 */
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
  afterCondition: boolean;
  context: RegExp | null;
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
    afterCondition: p.afterCondition ?? false,
    context: p.context ? new RegExp(p.context, lang.flags) : null,
  }));
}

let builtin: readonly Pattern[] | null = null;

/**
 * Every built-in pattern, in the order they are tried within a kind. Compiled on first use:
 * only Stop calls need them, and compiling them at load cost every hook call several ms.
 */
export function builtinPatterns(): readonly Pattern[] {
  builtin ??= Object.freeze(tables().flatMap(compile));
  return builtin;
}

/**
 * The three languages' tables, evaluated on first use too: a require, so the bundler evaluates their modules only
 * when it runs. Every Stop loads this module, most never classify (run-hook.ts `classifiesStop`), and evaluating the
 * tables at load cost such a Stop ~0.7 MiB of its own-process peak RSS (bench/RESULTS.md, "Hook peak RSS, round 20").
 */
function tables(): LangPatterns[] {
  return [
    (require("./patterns-en.ts") as typeof import("./patterns-en.ts")).EN,
    (require("./patterns-ko.ts") as typeof import("./patterns-ko.ts")).KO,
    (require("./patterns-ja.ts") as typeof import("./patterns-ja.ts")).JA,
  ];
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
          afterCondition: false,
          context: null,
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
