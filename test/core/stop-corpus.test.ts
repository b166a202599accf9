/**
 * Precision and recall of the Stop gate's block decision over a labelled corpus of final
 * assistant messages (test/fixtures/stop-corpus.jsonl). Labels say what a careful human wants
 * with unattended mode on: block = the message ends announcing work the agent has not done and
 * is not waiting for anyone; pass = finished reports, approval waits, questions, offers,
 * escape phrases, hand-offs, waits for background work, next steps for the human, and
 * announcements that only appear inside code or quotes. `split` records when a batch was
 * written: "dev" before the patterns; "holdout1"/"holdout2"/"holdout3" against frozen
 * patterns, each measured before any tuning on it (P 0.85 / R 0.83, P 0.85 / R 0.80,
 * P 0.92 / R 0.79 at the time). Those untuned numbers, not this corpus's, estimate how the
 * gate does on phrasings nobody has seen yet.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decideStop } from "../../src/core/stop/gate.ts";
import { gateInput } from "./stop-input.ts";

interface Case {
  text: string;
  lang: "en" | "ko" | "ja" | "mixed";
  label: "block" | "pass";
  kind: string;
  split: string;
}

const rows: Case[] = readFileSync(join(import.meta.dir, "../fixtures/stop-corpus.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l));

const BASE = gateInput();

const decided = rows.map((r) => ({ ...r, blocked: decideStop({ ...BASE, message: r.text }).decision === "block" }));

function score(cases: typeof decided) {
  const tp = cases.filter((c) => c.blocked && c.label === "block").length;
  const fp = cases.filter((c) => c.blocked && c.label === "pass").length;
  const fn = cases.filter((c) => !c.blocked && c.label === "block").length;
  return { n: cases.length, tp, fp, fn, precision: tp / (tp + fp), recall: tp / (tp + fn) };
}

/** Kinds a gate must never push: a real approval wait or question stays answered by a human. */
const NEVER_BLOCK = new Set(["approval", "question", "question-end", "escape", "offer"]);

describe("stop corpus", () => {
  test("is well-formed: ≥ 300 unique messages, every language with both labels", () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(rows.map((r) => r.text)).size).toBe(rows.length);
    for (const r of rows) {
      expect(["en", "ko", "ja", "mixed"]).toContain(r.lang);
      expect(["block", "pass"]).toContain(r.label);
      expect(r.kind.length).toBeGreaterThan(0);
    }
    for (const lang of ["en", "ko", "ja", "mixed"]) {
      expect(new Set(rows.filter((r) => r.lang === lang).map((r) => r.label)).size).toBe(2);
    }
  });

  test("precision ≥ 0.95 and recall ≥ 0.9 of the block decision", () => {
    const all = score(decided);
    const lines = [`all ${JSON.stringify(all)}`];
    for (const key of ["split", "lang"] as const) {
      for (const v of [...new Set(rows.map((r) => r[key]))]) {
        lines.push(`${key}=${v} ${JSON.stringify(score(decided.filter((c) => c[key] === v)))}`);
      }
    }
    const wrong = decided.filter((c) => c.blocked !== (c.label === "block"));
    for (const c of wrong) {
      lines.push(`  ${c.blocked ? "false block" : "missed"} [${c.kind}] ${JSON.stringify(c.text).slice(0, 120)}`);
    }
    console.log(lines.join("\n"));
    expect(all.precision).toBeGreaterThanOrEqual(0.95);
    expect(all.recall).toBeGreaterThanOrEqual(0.9);
  });

  test("never blocks an approval wait, a question, an offer or an escape phrase", () => {
    const pushed = decided.filter((c) => NEVER_BLOCK.has(c.kind) && c.blocked).map((c) => c.text);
    expect(pushed).toEqual([]);
    expect(decided.filter((c) => NEVER_BLOCK.has(c.kind)).length).toBeGreaterThan(80);
  });
});
