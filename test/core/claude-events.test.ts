/**
 * The event table (src/core/claude-events.ts) is the only place an event name is written in
 * src/, its rows point at real recordings, and what is derived from it says what the rows say.
 */
import { describe, expect, test } from "bun:test";
import { tsFiles as files } from "../source-files.ts";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  ALL_EVENTS,
  answersOn,
  becomes,
  EV,
  EVENT_TABLE,
  type EventRow,
  eventRow,
  isLifecycle,
  speaksOn,
} from "../../src/core/claude-events.ts";
import { HANDLED, NEVER } from "../../src/core/install/handled.ts";
import { FAIL_CLOSED_EVENTS } from "../../src/core/install/entries.ts";
import { COMMAND_ONLY_EVENTS, E2E_VERSIONS, eventsFor } from "../../src/core/install/events.ts";
import { ALL_VERSIONS } from "../e2e/cli.ts";
import { FIXTURES } from "../support/fixtures.ts";

const ROOT = join(import.meta.dir, "..", "..");
const TABLE_FILE = join(ROOT, "src", "core", "claude-events.ts");

/** Every string literal ("…", '…' or `…` without a substitution) of a source text that is an event name. */
function eventLiterals(text: string): string[] {
  const names: ReadonlySet<string> = new Set(ALL_EVENTS);
  const out: string[] = [];
  for (const m of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\$]|\\.)*)`/g)) {
    const v = m[1] ?? m[2] ?? m[3] ?? "";
    if (names.has(v)) out.push(v);
  }
  return out;
}

describe("event names are written only in the event table", () => {
  const sources = [...files(join(ROOT, "src")), ...files(join(ROOT, "machines"))].filter((f) => f !== TABLE_FILE);
  test.each(sources.map((f) => [relative(ROOT, f), f]))("%s writes no event name", (_name, file) => {
    expect(eventLiterals(readFileSync(file, "utf8"))).toEqual([]);
  });

  test("the detector finds a name in each quoting (control)", () => {
    const text = `if (e === "Stop") x = 'PreCompact'; y = \`SessionEnd\`; z = "StopX"; w = "a Stop"`;
    expect(eventLiterals(text)).toEqual(["Stop", "PreCompact", "SessionEnd"]);
    // The table writes each name once, as the value of its name map.
    expect(eventLiterals(readFileSync(TABLE_FILE, "utf8"))).toEqual([...ALL_EVENTS]);
  });
});

describe("the rows", () => {
  test("every name is its own key, once, in the table's order", () => {
    expect(ALL_EVENTS.join()).toBe(Object.keys(EVENT_TABLE).join());
    for (const [k, v] of Object.entries(EV)) expect(k === v).toBe(true);
  });

  test("vigil is never registered on an event whose hook replaces or decides Claude Code's behaviour", () => {
    expect(Object.keys(NEVER).sort()).toEqual(
      ["Elicitation", "ElicitationResult", "MessageDisplay", "PermissionRequest", "WorktreeCreate", "WorktreeRemove"],
    );
    for (const e of Object.keys(NEVER)) expect(HANDLED.some((h) => h.event === e)).toBe(false);
  });

  test("every registration has a timeout well under Claude Code's 600 s default; SessionEnd fits its 1.5 s", () => {
    for (const h of HANDLED) {
      expect(h.timeout).toBeGreaterThan(0);
      expect(h.timeout).toBeLessThanOrEqual(60);
      expect(h.does.length).toBeGreaterThan(10);
    }
    expect(HANDLED.find((h) => h.event === EV.SessionEnd)?.timeout).toBeLessThanOrEqual(1.5);
  });

  test("each named fixture is a recording of that event by a version that knows it", () => {
    for (const e of ALL_EVENTS) {
      const f = EVENT_TABLE[e].fixture;
      if (f === null) continue;
      const path = join(FIXTURES, f);
      expect(existsSync(path)).toBe(true);
      const first = readFileSync(path, "utf8").split("\n").find((l) => l.trim() !== "") ?? "";
      const rec = JSON.parse(f.endsWith(".jsonl") ? first : readFileSync(path, "utf8"));
      const stdin = "stdin" in rec ? rec.stdin : rec;
      expect(stdin.hook_event_name).toBe(e);
      const version = /claude-code-([\d.]+)\//.exec(f)?.[1] ?? "";
      expect(eventsFor(version).events.some((k) => k === e)).toBe(true);
    }
  });

  test("a policy that speaks on an event has a channel there that Claude Code reads", () => {
    for (const e of ALL_EVENTS) {
      const r: EventRow = EVENT_TABLE[e];
      if (r.speaks.includes("hard-gate")) expect(answersOn(e, "deny")).toBe(true);
      if (r.speaks.includes("soft-notice") || r.speaks.includes("restore")) expect(answersOn(e, "context")).toBe(true);
      if (r.speaks.includes("stop-gate")) expect(answersOn(e, "block")).toBe(true);
      if (r.speaks.includes("continuity")) {
        expect(answersOn(e, "context") || answersOn(e, "instructions")).toBe(true);
      }
      if (r.speaks.length > 0) expect(HANDLED.some((h) => h.event === e)).toBe(true);
    }
  });
});

test("doctor's end-to-end versions are the ones the e2e suite drives", () => {
  expect([...E2E_VERSIONS]).toEqual([...ALL_VERSIONS]);
});

describe("what derives from the rows", () => {
  test("--fail-closed closes exactly the HARD-gated events", () => {
    expect([...FAIL_CLOSED_EVENTS].sort()).toEqual(ALL_EVENTS.filter((e) => speaksOn(e, "hard-gate")).sort());
    expect([...FAIL_CLOSED_EVENTS].sort()).toEqual([EV.PreSkillShellCommand, EV.PreToolUse]);
  });

  test("http handlers are left out only where the CLI runs command hooks alone", () => {
    expect([...COMMAND_ONLY_EVENTS].sort()).toEqual([EV.SessionStart, EV.Setup]);
  });

  test("an event no known version has still counts as activity and is no lifecycle event", () => {
    expect(eventRow("SomeFutureEvent")).toBeNull();
    expect(becomes("SomeFutureEvent")).toBe("activity");
    expect(isLifecycle("SomeFutureEvent")).toBe(false);
    expect(speaksOn("SomeFutureEvent", "hard-gate")).toBe(false);
  });

  test("the lifecycle is start, end and the compaction", () => {
    expect(ALL_EVENTS.filter(isLifecycle)).toEqual([EV.SessionStart, EV.SessionEnd, EV.PreCompact, EV.PostCompact]);
  });

  test("each version knows the events whose first version it has reached, in the table's order", () => {
    for (const v of ["2.0.76", "2.1.88", "2.1.220", "2.1.328", "2.1.332"]) {
      const known = eventsFor(v).events;
      expect(known).toEqual(ALL_EVENTS.filter((e) => known.includes(e)));
    }
    expect(eventsFor("2.1.332").events.length).toBe(34);
    // 2.1.336's own table, read from its binary: 35 events, Interrupt after StopFailure.
    expect(eventsFor("2.1.336").events.length).toBe(35);
    expect(eventsFor("2.1.336").basis).toBe("tested");
    // 2.1.337's table, read from its binary, is 2.1.336's: the same 35 names in the same order.
    expect(eventsFor("2.1.337").events).toEqual(eventsFor("2.1.336").events);
    expect(eventsFor("2.1.337").basis).toBe("tested");
  });
});
