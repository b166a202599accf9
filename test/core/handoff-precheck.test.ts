/**
 * The handoff judges' pre-check on a prompt that names no handoff (the hook's common case): it must not build the
 * lexicons' large request patterns. JSC builds a pattern on its first match, at about a kilobyte of memory per
 * character of its source: the English request pattern (over 5,000 characters) cost ~5 MiB of every
 * UserPromptSubmit's own-process peak RSS (bench/RESULTS.md, "Hook peak RSS"). A lexicon's `mayRequest` is a small
 * pattern every text its `request` matches matches too, tested first; here, that it is such a pattern, and that the
 * pre-check keeps to small ones.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EN_NOUN, EN_NOUN_LETTERS, enLexicon } from "../../src/core/handoff-patterns.ts";
import { DOC_NOUN, NEXT_PARTY } from "../../src/core/handoff-model.ts";
import { normalizeNames } from "../../src/core/handoff-names.ts";
import { mayName, mayNameHandoff } from "../../src/core/handoff-precheck.ts";
import { judgeHandoffRequest, lexicons } from "../../src/core/handoff-request.ts";

const r = String.raw;

/**
 * The English lexicon with any verb of up to two words where each judge names its own (handoff-request.ts and
 * handoff-mood.ts): its `request` matches whatever either judge's does, and its `mayRequest` is theirs.
 */
const EN = enLexicon({ verb: r`[a-z]+(?:\s+[a-z]+)?`, courtesy: "", negatedGap: "." });

/** The top-level alternatives of a pattern's source (the `|` outside any group or class). */
function alternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0, inClass = false, start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
    } else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

/** Every evaluation prompt that is tuning material (common.md: never a blind set still sealed). */
function tuningPrompts(): string[] {
  const root = join(import.meta.dir, "..", "..", "eval", "handoff-prompts");
  const files = [
    join(root, "tuning.jsonl"),
    ...readdirSync(join(root, "model")).filter((f) => /^(writer|batch)-.*\.jsonl$/.test(f)).map((f) =>
      join(root, "model", f)
    ),
  ];
  return files.flatMap((f) =>
    readFileSync(f, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => String(JSON.parse(l).text ?? ""))
  );
}

describe("the English lexicon's mayRequest", () => {
  test("is small: building it costs nothing next to what request's costs", () => {
    for (const lx of [EN, ...lexicons()]) expect(lx.mayRequest?.source.length).toBeLessThan(100);
  });

  // Every top-level alternative of `request` holds EN_NOUN or a literal "hand" (a group the alternative needs), and
  // every match of EN_NOUN holds EN_NOUN_LETTERS: so a text `request` matches holds what mayRequest matches.
  test("every alternative of request holds EN_NOUN or the literal 'hand'", () => {
    const noun = new RegExp(EN_NOUN).source;
    const alts = alternatives(EN.request.source);
    expect(alts.length).toBeGreaterThan(10);
    for (const alt of alts) {
      const head = alt.slice(0, 80);
      expect({ head, holds: alt.includes(noun) || /hand(?!\w*\])/.test(alt) }).toEqual({ head, holds: true });
    }
    expect(EN.mayRequest?.source).toBe(EN_NOUN_LETTERS);
    expect(new RegExp(EN_NOUN_LETTERS, "i").test("hand")).toBe(true);
  });

  test("every match of EN_NOUN holds its letters, in every tuning prompt and our own spellings", () => {
    const noun = new RegExp(EN_NOUN, "gi");
    const letters = new RegExp(EN_NOUN_LETTERS, "i");
    const own = "handoff handover hand-off hand over HANDOFF.md docs/handoff.md hnadoff hnad off hadnoff handof " +
      "handoffs hand-offs handover notes the handoff doc Handoff-Notes";
    let n = 0;
    for (const t of [...tuningPrompts(), own]) {
      for (const m of t.matchAll(noun)) {
        n++;
        expect({ m: m[0], holds: letters.test(m[0]) }).toEqual({ m: m[0], holds: true });
      }
    }
    expect(n).toBeGreaterThan(1000);
  });
});

describe("each lexicon's mayRequest (the clause judge's English, Korean, Japanese)", () => {
  const texts = tuningPrompts().flatMap((t) => [t, ...t.split(/[.;!?\n。、，,]+/)]);
  const own = [
    "hand this off",
    "Hand it over to the next session",
    "time to hand over",
    "write the hadnoff",
    "update docs/HANDOFF.md please",
    "please write up the hnad off notes",
    "need a new handover doc",
    "handoff 문서 작성해 줘",
    "다음 사람이 이어받을 수 있게 정리해 줘",
    "HANDOFF.md 업데이트 부탁해",
    "handoffメモを書いて",
    "引き継げるようにまとめて",
    "HANDOFF.mdを更新して",
  ];
  const all = lexicons();
  test("every lexicon has one, and matches every tuning prompt and clause that request matches", () => {
    expect(all.length).toBe(3);
    const matched = all.map(() => 0);
    for (const t of [...texts, ...own]) {
      all.forEach((lx, i) => {
        if (!lx.request.test(t)) return;
        matched[i]++;
        expect({ i, t, may: lx.mayRequest?.test(t) }).toEqual({ i, t, may: true });
      });
    }
    // Each lexicon's request matched enough texts for the check to mean something.
    for (const n of matched) expect(n).toBeGreaterThan(100);
  });
  test("an English prompt that names nothing matches none", () => {
    for (const lx of all) expect(lx.mayRequest?.test("Fix the flaky test in ci.yml, then push.")).toBe(false);
  });
});

describe("a prompt that names no handoff", () => {
  // Every pattern a judgement runs goes through RegExp.prototype.exec once it is replaced (test, split and replace
  // call it): record the sources run while judging.
  function sourcesRun(prompt: string): string[] {
    const exec = RegExp.prototype.exec;
    const seen: string[] = [];
    RegExp.prototype.exec = function (this: RegExp, s: string) {
      seen.push(this.source);
      return exec.call(this, s);
    };
    try {
      judgeHandoffRequest(prompt);
    } finally {
      RegExp.prototype.exec = exec;
    }
    return seen;
  }

  test("in English, runs no pattern over 2,000 characters (each costs megabytes of a hook's peak RSS to build)", () => {
    for (const prompt of ["say hi", "Fix the flaky test in ci.yml, then push.", "Deploy to staging and tell me."]) {
      const big = sourcesRun(prompt).filter((s) => s.length > 2000).map((s) => s.slice(0, 40));
      expect({ prompt, big }).toEqual({ prompt, big: [] });
    }
  });

  test("in Korean or Japanese, runs that language's request pattern only", () => {
    const big = (prompt: string) => sourcesRun(prompt).filter((s) => s.length > 2000);
    const [ko, ja] = [lexicons()[1].request.source, lexicons()[2].request.source];
    expect(big("다음 작업 해 줘")).toEqual([ko]);
    expect(big("テストを直して")).toEqual([ja]);
  });

  test("control: a prompt that names the handoff does run them", () => {
    expect(sourcesRun("write the handoff to HANDOFF.md").some((s) => s.length > 2000)).toBe(true);
  });
});

// Round 20: the hook loads the judges only when handoff-precheck.ts's mayName passes (classify-core.ts, hook-parts.ts),
// and the clause judge tests it first (namesHandoff): both hold only while it covers every way that judge reads a name.
describe("the hook's pre-check before the judges load (handoff-precheck.ts)", () => {
  const prompts = [...tuningPrompts(), ...sealedFreeBatches()];
  const texts = prompts.flatMap((t) => [t, ...t.split(/[.;!?\n。、，,]+/)]);
  const own = [
    "hand this off",
    "so the next worker can pick up",
    "whoever picks this up next",
    "start a fresh session after this",
    "notes for my successor",
    "update next.md",
    "hndoff pls",
    "다음 작업자를 위해 정리해 줘",
    "次の担当者のためにまとめて",
    "申し送りを書いて",
  ];

  test("passes every text DOC_NOUN, NEXT_PARTY or a lexicon's mayRequest matches", () => {
    let n = 0;
    for (const t of [...texts, ...own]) {
      const reads = DOC_NOUN.test(t) || NEXT_PARTY.test(t) || lexicons().some((lx) => lx.mayRequest?.test(t));
      if (!reads) continue;
      n++;
      expect({ t, may: mayName(t) }).toEqual({ t, may: true });
    }
    expect(n).toBeGreaterThan(5000);
  });

  test("a prompt it passes over is judged as asking for nothing", () => {
    const over = [...prompts, "say hi", "Fix the flaky test in ci.yml, then push.", "Deploy to staging and tell me."]
      .filter((t) => !mayNameHandoff(t));
    expect(over.length).toBeGreaterThan(50);
    for (const t of over) {
      const j = judgeHandoffRequest(t);
      expect({ t, asks: j.asks, request: j.request }).toEqual({ t, asks: false, request: false });
    }
  });

  test("names nothing in everyday English; a misspelt name is read after it is rewritten", () => {
    for (const t of ["say hi", "Fix the flaky test in ci.yml, then push.", "what's next?", "run the tests"]) {
      expect({ t, may: mayNameHandoff(t) }).toEqual({ t, may: false });
    }
    expect(mayNameHandoff("write the hnadoff")).toBe(true);
    expect(mayNameHandoff("write the haxdoff")).toBe(mayName(normalizeNames("write the haxdoff")));
  });
});

/** The model's prompt batches (tuning material, as the trainer reads them). */
function sealedFreeBatches(): string[] {
  const dir = join(import.meta.dir, "..", "..", "eval", "handoff-prompts", "model");
  return readdirSync(dir).filter((f) => /^batch-.*\.jsonl$/.test(f)).flatMap((f) =>
    readFileSync(join(dir, f), "utf8").split("\n").filter((l) => l.trim() !== "").map((l) =>
      String(JSON.parse(l).text ?? "")
    )
  );
}
