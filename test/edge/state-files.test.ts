import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createFile,
  CURRENT,
  listVersions,
  MAX_VERSIONS,
  parseVersionName,
  readCapped,
  readStates,
  saveStateVersion,
  sessionStateDir,
  writeOwnedFile,
} from "../../src/edge/state-files.ts";
import { readTranscriptTail } from "../../src/edge/transcript-tail.ts";
import { extractDraft as extract } from "../../src/core/continuity/draft.ts";
import { classifyPrompt } from "../../src/core/classify.ts";
import type { JsonObject } from "../../src/core/payload.ts";

const extractDraft = (records: readonly JsonObject[]) => extract(records, classifyPrompt);

const T = Date.parse("2026-11-30T03:28:54.586Z");
const HEADINGS = ["Plan", "Phase", "Tasks", "Decisions", "Constraints", "Workers", "Files in flight", "Recovery memo"];
const state = (tag: string) => HEADINGS.map((h) => `## ${h}\n${tag} ${h}\n`).join("\n");
const tmp = () => mkdtempSync(join(tmpdir(), "vigil-state-"));
const mode = (p: string) => statSync(p).mode & 0o777;

describe("saveStateVersion", () => {
  test("writes a 0600 version and state.md in a 0700 directory, both reading back as written", () => {
    const dir = join(tmp(), "states", "s1");
    const r = saveStateVersion(dir, state("one"), { at: T });
    expect(r.version).toBe(join(dir, "20261130T032854.586Z-0.md"));
    expect(r.current).toBe(join(dir, CURRENT));
    expect(readFileSync(r.version, "utf8")).toBe(state("one"));
    expect(readFileSync(r.current, "utf8")).toBe(state("one"));
    expect([mode(dir), mode(r.version), mode(r.current)]).toEqual([0o700, 0o600, 0o600]);
    // No temporary file is left behind.
    expect(readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  test("keeps earlier versions, newest current; two saves in the same millisecond do not collide", () => {
    const dir = tmp();
    saveStateVersion(dir, state("one"), { at: T });
    saveStateVersion(dir, state("two"), { at: T });
    saveStateVersion(dir, state("three"), { at: T + 1_000, draft: true });
    expect(listVersions(dir).map((v) => [v.at - T, v.seq, v.draft])).toEqual([[0, 0, false], [0, 1, false], [
      1_000,
      0,
      true,
    ]]);
    expect(readFileSync(join(dir, CURRENT), "utf8")).toBe(state("three"));
    const { state: newest, saved } = readStates(dir);
    expect(newest?.text).toBe(state("three"));
    expect(newest?.draft).toBe(true);
    expect(saved?.text).toBe(state("two"));
  });

  test(`keeps the newest ${MAX_VERSIONS} versions`, () => {
    const dir = tmp();
    for (let i = 0; i < MAX_VERSIONS + 3; i++) saveStateVersion(dir, state(`v${i}`), { at: T + i });
    const kept = listVersions(dir);
    expect(kept.length).toBe(MAX_VERSIONS);
    expect(kept[0].at).toBe(T + 3);
  });

  test("refuses an incomplete text on read-back and leaves no version behind", () => {
    const dir = tmp();
    expect(() => saveStateVersion(dir, "## Plan\nonly\n", { at: T })).toThrow(
      /read back incomplete: missing heading "Phase"/,
    );
    expect(listVersions(dir)).toEqual([]);
    expect(existsSync(join(dir, CURRENT))).toBe(false);
  });

  test("other files in the directory are not versions", () => {
    const dir = tmp();
    writeFileSync(join(dir, "notes.md"), "x");
    writeFileSync(join(dir, "20261130T032854.586Z.md"), "x");
    expect(listVersions(dir)).toEqual([]);
    expect(readStates(dir)).toEqual({ state: null, saved: null });
  });
});

describe("names and paths", () => {
  test.each([
    ["20261130T032854.586Z-0.md", { at: T, seq: 0, draft: false }],
    ["20261130T032854.586Z-12.draft.md", { at: T, seq: 12, draft: true }],
    ["state.md", null],
    [".20261130T032854.586Z-0.md.1.tmp", null],
  ])("%p", (name, parsed) => {
    const v = parseVersionName("/d", name);
    expect(v && { at: v.at, seq: v.seq, draft: v.draft }).toEqual(parsed);
  });

  test.each(["../x", "a/b", ".."])("session id %p cannot leave the state directory", (id) => {
    expect(() => sessionStateDir("/state", id)).toThrow(/not a valid directory name/);
  });
});

describe("small files", () => {
  test("createFile never replaces an existing file", () => {
    const p = join(tmp(), ".vigil", "spec.md");
    expect(createFile(p, "first")).toBe(true);
    expect(createFile(p, "second")).toBe(false);
    expect(readFileSync(p, "utf8")).toBe("first");
  });

  test("writeOwnedFile rewrites its own file but leaves someone else's alone", () => {
    const p = join(tmp(), "skills", "pre-compact-save", "SKILL.md");
    expect(writeOwnedFile(p, "MARK v1", "MARK")).toEqual({ ok: true, changed: true });
    expect(writeOwnedFile(p, "MARK v1", "MARK")).toEqual({ ok: true, changed: false });
    expect(writeOwnedFile(p, "MARK v2", "MARK")).toEqual({ ok: true, changed: true });
    writeFileSync(p, "a user's own skill");
    const r = writeOwnedFile(p, "MARK v3", "MARK");
    expect(r.ok).toBe(false);
    expect(readFileSync(p, "utf8")).toBe("a user's own skill");
  });

  test("readCapped: null when absent, an error when over the cap", () => {
    const dir = tmp();
    expect(readCapped(join(dir, "none"), 10)).toBeNull();
    writeFileSync(join(dir, "big"), "x".repeat(11));
    expect(() => readCapped(join(dir, "big"), 10)).toThrow(/larger than 10 bytes/);
  });
});

describe("readTranscriptTail", () => {
  const fixture = join(import.meta.dir, "..", "fixtures", "claude-code-2.1.328", "transcripts", "autocompact.jsonl");

  test("reads the whole of a small file, skipping bookkeeping but nothing a draft uses", () => {
    const t = readTranscriptTail(fixture)!;
    expect(t.wholeFile).toBe(true);
    const all = readFileSync(fixture, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    // Only where the read began (firstAt) may differ.
    expect({ ...extractDraft(t.records), firstAt: 0 }).toEqual({ ...extractDraft(all), firstAt: 0 });
    const types = new Set(t.records.map((r) => String(r.type)));
    for (const skipped of ["last-prompt", "cost-state", "queue-operation", "tools-used"]) {
      expect(types.has(skipped)).toBe(false);
    }
  });

  test("a bounded read starts at a whole line and says it did not reach the start", () => {
    const full = readTranscriptTail(fixture)!;
    // The fixture's last 60 kB are bookkeeping only (request blobs, a large attachment); 100 kB
    // reaches back into the conversation without reaching the start of the file.
    const t = readTranscriptTail(fixture, 100_000)!;
    expect(t.wholeFile).toBe(false);
    expect(t.records.length).toBeGreaterThan(0);
    expect(t.records.length).toBeLessThan(full.records.length);
    expect(full.records.slice(-t.records.length)).toEqual(t.records);
  });

  test("a missing transcript is null, not an error", () => {
    expect(readTranscriptTail(join(tmp(), "missing.jsonl"))).toBeNull();
  });
});
