/**
 * Who stopped a turn, from the transcript's interrupt record alone, on the recorded runs: 2.1.337
 * marks a person's (an unmarked interrupt request) and not another session's; 2.1.336's record
 * is the same for both, so it cannot tell. Nor can 2.1.337's unmarked record: its binary writes
 * the same record, with no mark, where a person stops a turn while its Stop hooks run.
 */
import { describe, expect, test } from "bun:test";
import { interruptByPerson } from "../../src/core/interrupt-note.ts";
import type { JsonObject } from "../../src/core/payload.ts";
import { recorded } from "../support/recorded-turns.ts";

const note = (version: string, run: string): JsonObject => {
  const r = recorded(version, run).find((x) => JSON.stringify(x.message ?? "").includes("[Request interrupted"));
  if (r === undefined) throw new Error(`no interrupt record in ${version} ${run}`);
  return JSON.parse(JSON.stringify(r));
};

describe("interruptByPerson on recorded interrupt records", () => {
  test.each<[string, string, true | null]>([
    ["2.1.337", "interrupt.jsonl", true],
    ["2.1.337", "interrupt_session.jsonl", null],
    ["2.1.336", "interrupt.jsonl", null],
  ])("%s %s", (version, run, want) => {
    expect(interruptByPerson(note(version, run))).toBe(want);
  });

  test("a record naming the cancelled request says nothing about who (the 2.1.337 binary leaves the mark out)", () => {
    const r = { ...note("2.1.337", "interrupt_session.jsonl"), interruptedMessageId: "msg_x" };
    expect(interruptByPerson(r)).toBeNull();
  });

  test("an unmarked record of 2.1.337 or later may be a person's: only the mark says who", () => {
    // The 2.1.337 binary writes this very record (no mark, no cancelled answer) for another session's
    // interrupt and for a person's stop while the Stop hooks run; read as "not a person's", vigil's todo
    // push would follow a person's stop within the 30 s it waits.
    const { version: _v, ...bare } = note("2.1.337", "interrupt_session.jsonl");
    expect(interruptByPerson({ ...bare, version: "2.1.337" })).toBeNull();
    expect(interruptByPerson({ ...bare, version: "2.2.0" })).toBeNull();
    expect(interruptByPerson(bare)).toBeNull();
  });
});
