/**
 * The handoff exception's evaluation (issue 31): how many prompts of each category pass the
 * SOFT/HARD guard as a handoff request, per language, through the same classifier the hook
 * uses (`classifyPrompt`, a plain prompt with no pass commands).
 *
 *   bun eval/handoff-prompts/measure.ts [--half tuning|sealed|sealed2|…|sealed19|sealed20] [--json] [--list]
 *
 * Categories: `request` (asks only for the handoff document: write, update, summarize into,
 * record in, commit or push it), `request-plus-work` (a handoff request and any other work),
 * `mention` (names the handoff but asks for something else, or says not to write it) and
 * `other` (no handoff at all). Only `request` should pass. Budgets: 0 prompts with other work
 * passed; at least 0.95 of plain requests passed.
 *
 * `sealed.jsonl` is the sealed half: nobody tuning the exception reads it, and this script
 * prints only aggregate figures for it (`--list` is refused there). `sealed-2.jsonl`
 * (`--half sealed2`) is a second sealed set, written before the rules for the first sealed
 * run's families by someone who had not read them; it is sealed the same way. `sealed-3.jsonl`
 * (`--half sealed3`) is a third, written the same way before the structural rework of the rules
 * was measured on it. `sealed-4.jsonl` (`--half sealed4`) is a fourth, written and landed before
 * round 13's fourth cycle of the rules (or any earlier classifier) was measured on it.
 * `sealed-5.jsonl` (`--half sealed5`) is a fifth, written and landed in round 14 before any rule
 * (or any earlier classifier) was measured on it. `sealed-6.jsonl` (`--half sealed6`) is a sixth,
 * written and landed in round 14 before any rule (or any earlier classifier) was measured on it;
 * its first four mention ideas ask for other work on handoff code or files, and their passes are
 * counted apart (a count, never the prompts). `sealed-7.jsonl` (`--half sealed7`, also `sealed-7`) is
 * round 15's, written and landed blind the same way before any classifier was measured on it; its
 * first four mention ideas per language ask for other work on handoff code or files, counted apart.
 * `sealed-8.jsonl` (`--half sealed8`, also `sealed-8`) is round 15's second blind set, written the
 * same way by another engineer; its mentions 01–04 per language likewise ask for other work on
 * handoff-named code or files, counted apart. `sealed-9.jsonl` and `sealed-10.jsonl` (`--half sealed9`,
 * `--half sealed10`) are round 15's third and fourth blind sets, written for handoff's second cycle by two
 * more engineers the same way; mentions 01–04 per language likewise counted apart. `sealed-11.jsonl`
 * (`--half sealed11`) is a round 16 blind set written the same way; mentions 01–04 per language counted apart.
 * `sealed-12.jsonl` (`--half sealed12`) is round 16's second blind set, written the same way by another
 * engineer; mentions 01–04 per language likewise counted apart. `sealed-13.jsonl` (`--half sealed13`)
 * is a round 17 blind set written the same way (senders at a keyboard or a phone); mentions 01–04 per
 * language likewise counted apart. `sealed-14.jsonl` (`--half sealed14`) is round 17's second blind set,
 * written the same way by another engineer (senders are machines and the people who configure them); mentions
 * 01–04 per language likewise counted apart. `sealed-15.jsonl` (`--half sealed15`) is round 18's blind set
 * written the same way (ids `s15-<lang>-<category>-NN`; senders lean on machines and middlemen and on people
 * typing on a phone); its mentions 01–04 per language likewise counted apart. `sealed-16.jsonl`
 * (`--half sealed16`) is round 18's second blind set, written the same way by another engineer (senders are
 * people: leads, the next reader, a tired night owl, a polite manager, a terse senior, often correcting a
 * handoff already written; ids `s16-<lang>-<category>-NN`); mentions 01–04 per language likewise counted apart.
 * `sealed-17.jsonl` (`--half sealed17`) is a round 19 blind set written the same way (ids
 * `s17-<lang>-<category>-NN`); its mentions 01–04 per language likewise counted apart.
 * `sealed-18.jsonl` (`--half sealed18`) is a round 19 blind set written the same way (ids `s18-<lang>-<category>-NN`;
 * senders near a worker's limit late in a long session: corrections and additions to a handoff already written,
 * facts to record, its audience, length and format, relayed and automated senders); mentions 01–04 per language
 * likewise counted apart. `sealed-19.jsonl` and `sealed-20.jsonl` (`--half sealed19`, `--half sealed20`) are round
 * 20's two blind sets written the same way (ids `s19-…` / `s20-<lang>-<category>-NN`; sealed-19's senders are machines
 * and the people between them, sealed-20's people typing as they do); mentions 01–04 per language likewise counted apart.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { classifyPrompt } from "../../src/core/classify.ts";
import { isObject } from "../../src/core/payload.ts";

const HERE = dirname(new URL(import.meta.url).pathname);

export const CATEGORIES = ["request", "request-plus-work", "mention", "other"] as const;
export type Category = typeof CATEGORIES[number];
const LANGS = ["en", "ko", "ja"] as const;

/** Each half's file; every half but tuning is sealed (aggregates only). */
const HALVES = new Map([
  ["tuning", "tuning.jsonl"],
  ["sealed", "sealed.jsonl"],
  ["sealed2", "sealed-2.jsonl"],
  ["sealed3", "sealed-3.jsonl"],
  ["sealed4", "sealed-4.jsonl"],
  ["sealed5", "sealed-5.jsonl"],
  ["sealed6", "sealed-6.jsonl"],
  ["sealed7", "sealed-7.jsonl"],
  ["sealed8", "sealed-8.jsonl"],
  ["sealed9", "sealed-9.jsonl"],
  ["sealed10", "sealed-10.jsonl"],
  ["sealed11", "sealed-11.jsonl"],
  ["sealed12", "sealed-12.jsonl"],
  ["sealed13", "sealed-13.jsonl"],
  ["sealed14", "sealed-14.jsonl"],
  ["sealed15", "sealed-15.jsonl"],
  ["sealed16", "sealed-16.jsonl"],
  ["sealed17", "sealed-17.jsonl"],
  ["sealed18", "sealed-18.jsonl"],
  ["sealed19", "sealed-19.jsonl"],
  ["sealed20", "sealed-20.jsonl"],
]);

/** Per half, the mentions that ask for other work (on handoff code or files): counted apart, never listed. */
const WORK_MENTIONS = new Map([
  ["sealed6", /^s6-mention-0[1-4]-/],
  ["sealed7", /^s7-mention-0[1-4]-/],
  ["sealed8", /^s8-mention-0[1-4]-/],
  ["sealed9", /^s9-mention-0[1-4]-/],
  ["sealed10", /^s10-mention-0[1-4]-/],
  ["sealed11", /^s11-mention-0[1-4]-/],
  ["sealed12", /^s12-mention-0[1-4]-/],
  ["sealed13", /^s13-mention-0[1-4]-/],
  ["sealed14", /^s14-mention-0[1-4]-/],
  // sealed-15 puts the language before the category: s15-en-mention-01.
  ["sealed15", /^s15-[a-z]{2}-mention-0[1-4]$/],
  ["sealed16", /^s16-(?:en|ko|ja)-mention-0[1-4]$/],
  ["sealed17", /^s17-(?:en|ko|ja)-mention-0[1-4]$/],
  ["sealed18", /^s18-(?:en|ko|ja)-mention-0[1-4]$/],
  ["sealed19", /^s19-(?:en|ko|ja)-mention-0[1-4]$/],
  ["sealed20", /^s20-(?:en|ko|ja)-mention-0[1-4]$/],
]);

/** One prompt of our own, and what it is. */
export interface HandoffPrompt {
  id: string;
  category: Category;
  lang: string;
  text: string;
}

const isCategory = (v: unknown): v is Category => CATEGORIES.some((c) => c === v);

/** Parse a prompts file; a malformed line is an error naming its number. */
export function parsePrompts(text: string): HandoffPrompt[] {
  return text.split("\n").flatMap((line, i) => {
    if (line.trim() === "") return [];
    const v: unknown = JSON.parse(line);
    if (
      !isObject(v) || typeof v.id !== "string" || !isCategory(v.category) || typeof v.lang !== "string" ||
      typeof v.text !== "string"
    ) {
      throw new Error(`line ${i + 1} lacks id, category, lang or text`);
    }
    return [{ id: v.id, category: v.category, lang: v.lang, text: v.text }];
  });
}

/** Whether the guard lets the prompt through as a handoff request. */
export function passes(text: string): boolean {
  return classifyPrompt(text, { passCommands: [] }).verdict === "handoff";
}

function main(args: string[]): number {
  const i = args.indexOf("--half");
  // "sealed-7" (the file's own spelling) is accepted for "sealed7".
  const half = i >= 0 ? args[i + 1]?.replace(/^sealed-(\d+)$/, "sealed$1") : "tuning";
  const file = half === undefined ? undefined : HALVES.get(half);
  if (half === undefined || file === undefined) {
    console.error(`vigil eval: --half is one of ${[...HALVES.keys()].join(", ")}`);
    return 2;
  }
  if (half !== "tuning" && args.includes("--list")) {
    console.error(`vigil eval: --list is refused on the sealed half (${half})`);
    return 2;
  }
  const prompts = parsePrompts(readFileSync(join(HERE, file), "utf8"));
  const judged = prompts.map((p) => ({ p, pass: passes(p.text) }));
  const count = (cat: Category, lang: string | null) => {
    const mine = judged.filter((j) => j.p.category === cat && (lang === null || j.p.lang === lang));
    return { n: mine.length, passed: mine.filter((j) => j.pass).length };
  };
  const workMention = WORK_MENTIONS.get(half);
  const countWorkMentions = (lang: string | null) => {
    const mine = judged.filter((j) =>
      workMention !== undefined && workMention.test(j.p.id) && (lang === null || j.p.lang === lang)
    );
    return { n: mine.length, passed: mine.filter((j) => j.pass).length };
  };
  if (args.includes("--json")) {
    const out = Object.fromEntries(
      CATEGORIES.map((
        c,
      ) => [c, Object.fromEntries([...LANGS, "all"].map((l) => [l, count(c, l === "all" ? null : l)]))]),
    );
    const extra = workMention === undefined ? {} : {
      "mention-asking-work": Object.fromEntries(
        [...LANGS, "all"].map((l) => [l, countWorkMentions(l === "all" ? null : l)]),
      ),
    };
    console.log(JSON.stringify({ half, ...out, ...extra }, null, 2));
  } else {
    console.log(`${half} half: ${prompts.length} prompts\n`);
    console.log(`| category | en | ko | ja | all |`);
    console.log(`| --- | --- | --- | --- | --- |`);
    for (const c of CATEGORIES) {
      const cells = [...LANGS, null].map((l) => {
        const { n, passed } = count(c, l);
        return `${passed}/${n} passed`;
      });
      console.log(`| ${c} | ${cells.join(" | ")} |`);
    }
    const work = count("request-plus-work", null);
    const plain = count("request", null);
    const share = plain.n === 0 ? 0 : plain.passed / plain.n;
    console.log(
      `\nprompts with other work passed: ${work.passed} (budget 0) — ${work.passed === 0 ? "met" : "NOT met"}`,
    );
    console.log(
      `plain requests passed: ${plain.passed}/${plain.n} (${share.toFixed(3)}; budget >= 0.95) — ` +
        `${share >= 0.95 ? "met" : "NOT met"}`,
    );
    if (workMention !== undefined) {
      const cells = [...LANGS, null].map((l) => {
        const { n, passed } = countWorkMentions(l);
        return `${l ?? "all"} ${passed}/${n}`;
      });
      console.log(`mentions that ask for other work passed: ${cells.join(", ")} (should be 0)`);
    }
  }
  if (args.includes("--list")) {
    console.log("\nwrong decisions (tuning half only)");
    for (const j of judged) {
      if (j.pass !== (j.p.category === "request")) {
        console.log(`- ${j.pass ? "PASSED" : "refused"} ${j.p.id}: ${j.p.text}`);
      }
    }
  }
  return 0;
}

if (import.meta.main) process.exit(main(process.argv.slice(2)));
