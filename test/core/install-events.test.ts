import { describe, expect, test } from "bun:test";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import {
  ALL_EVENTS,
  compareVersions,
  eventsFor,
  isKnownEvent,
  parseVersion,
  TESTED_TABLES,
} from "../../src/core/install/events.ts";

describe("events per Claude Code version", () => {
  test.each([
    // [version, count, has, lacks, basis]
    [
      "2.0.76",
      12,
      ["PreCompact", "SubagentStart", "PermissionRequest"],
      ["PostCompact", "PostToolBatch", "Setup"],
      "tested",
    ],
    ["2.1.0", 12, ["PreCompact"], ["PostCompact", "StopFailure"], "between"],
    ["2.1.75", 12, [], ["PostCompact"], "between"],
    ["2.1.76", 13, ["PostCompact"], ["StopFailure", "PostToolBatch"], "between"],
    ["2.1.88", 27, ["PostCompact", "Setup", "FileChanged"], ["PostToolBatch", "MessageDisplay"], "tested"],
    ["2.1.219", 27, ["PostCompact"], ["PostToolBatch", "DirectoryAdded"], "between"],
    [
      "2.1.220",
      31,
      ["PostToolBatch", "MessageDisplay", "UserPromptExpansion", "DirectoryAdded"],
      ["PreModelSwitch"],
      "tested",
    ],
    ["2.1.327", 31, ["PostToolBatch"], ["PreModelSwitch", "PostModelSwitch"], "between"],
    ["2.1.328", 33, ["PreModelSwitch", "PostModelSwitch"], ["PreSkillShellCommand"], "tested"],
    ["2.1.331", 33, ["PostModelSwitch"], ["PreSkillShellCommand"], "between"],
    ["2.1.332", 34, ["PreSkillShellCommand"], ["Interrupt"], "tested"],
    ["2.1.335", 34, ["PreSkillShellCommand"], ["Interrupt"], "between"],
    ["2.1.336", 35, ["Interrupt"], [], "tested"],
    ["2.1.337", 35, ["Interrupt", "PreSkillShellCommand"], [], "tested"],
    ["2.2.0", 35, ["PostModelSwitch", "PreSkillShellCommand", "Interrupt"], [], "newer"],
    ["3.0.1", 35, ["PostModelSwitch"], [], "newer"],
    ["1.0.120", 12, ["PreToolUse"], ["PostCompact"], "older"],
  ])("%s knows %i events", (version, count, has, lacks, basis) => {
    const set = eventsFor(version);
    const events: readonly string[] = set.events;
    expect(events.length).toBe(count);
    for (const e of has) expect(events).toContain(e);
    for (const e of lacks) expect(events).not.toContain(e);
    expect<string>(set.basis).toBe(basis);
  });

  test("every set is a subset of the next, in canonical order", () => {
    let prev: readonly string[] = [];
    for (const v of TESTED_TABLES) {
      const cur: readonly string[] = eventsFor(v).events;
      for (const e of prev) expect(cur).toContain(e);
      expect([...cur]).toEqual(ALL_EVENTS.filter((e) => cur.includes(e)));
      prev = cur;
    }
  });

  /** Every `hook_event_name` in the payloads recorded from a version's real CLI. */
  function firedEvents(version: string): Set<string> {
    const dir = join(import.meta.dir, "..", "fixtures", `claude-code-${version}`, "hooks");
    const names = new Set<string>();
    for (const f of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!/\.jsonl?$/.test(f)) continue;
      for (const m of readFileSync(join(dir, f), "utf8").matchAll(/"hook_event_name":\s*"(\w+)"/g)) names.add(m[1]);
    }
    return names;
  }

  test.each(["2.0.76", "2.1.88", "2.1.220", "2.1.328"])("events recorded from %s are in its set", (version) => {
    const fired = [...firedEvents(version)];
    expect(fired.length).toBeGreaterThan(8);
    const known: readonly string[] = eventsFor(version).events;
    expect(fired.filter((e) => !known.includes(e))).toEqual([]);
  });

  test("what the versions fired agrees with the table: PostCompact absent on 2.0.76, PostToolBatch from 2.1.220", () => {
    expect(firedEvents("2.0.76").has("PostCompact")).toBe(false);
    expect(firedEvents("2.1.88").has("PostCompact")).toBe(true);
    expect(firedEvents("2.1.88").has("PostToolBatch")).toBe(false);
    expect(firedEvents("2.1.220").has("PostToolBatch")).toBe(true);
    expect(isKnownEvent("PostCompact")).toBe(true);
    expect(isKnownEvent("PostCompactt")).toBe(false);
  });
});

describe("version strings", () => {
  test.each<[string, [number, number, number] | null]>([
    ["2.1.328 (Claude Code)", [2, 1, 328]],
    ["v2.0.76", [2, 0, 76]],
    ["claude 2.1.88\n", [2, 1, 88]],
    ["2.1", null],
    ["", null],
    ["10.20.30-beta.1", [10, 20, 30]],
  ])("%j", (text, want) => {
    expect(parseVersion(text)).toEqual(want);
  });

  test.each([
    ["2.1.88", "2.1.220", -1],
    ["2.1.220", "2.1.88", 1],
    ["2.1.328", "2.1.328", 0],
    ["2.10.0", "2.9.99", 1],
  ])("%s vs %s", (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });
});

describe("the table matches the CLIs' own event lists (devDependencies)", () => {
  const modules = join(import.meta.dir, "..", "..", "node_modules");

  /** The longest `["PreToolUse","PostToolUse",…]` literal in a file, read in chunks (the binary is 370 MB). */
  function eventLiteral(file: string): string[] | null {
    if (!existsSync(file)) return null;
    const marker = Buffer.from('["PreToolUse","PostToolUse",');
    const fd = openSync(file, "r");
    const chunk = Buffer.alloc(32 * 1024 * 1024);
    let best: string[] | null = null;
    try {
      for (let pos = 0;;) {
        const n = readSync(fd, chunk, 0, chunk.length, pos);
        if (n === 0) break;
        const buf = chunk.subarray(0, n);
        for (let i = buf.indexOf(marker); i >= 0; i = buf.indexOf(marker, i + 1)) {
          const close = buf.indexOf("]", i);
          if (close < 0) continue;
          const m = /^\["\w+"(?:,"\w+")*\]$/.exec(buf.subarray(i, close + 1).toString("latin1"));
          const list: unknown = m ? JSON.parse(m[0]) : null;
          if (Array.isArray(list) && (best === null || list.length > best.length)) best = list.map(String);
        }
        // Step back a little so a literal across two chunks is seen whole in the next one.
        pos += n < chunk.length ? n : n - 4096;
      }
    } finally {
      closeSync(fd);
    }
    return best;
  }

  test.each([
    ["2.1.88", join(modules, "claude-code-2188", "cli.js")],
    ["2.1.332", join(modules, "@anthropic-ai", "claude-code-linux-x64", "claude")],
  ])("%s", (version, file) => {
    const list = eventLiteral(file);
    if (list === null) return; // not installed on this platform
    expect([...list].sort()).toEqual([...eventsFor(version).events].sort());
  });
});
