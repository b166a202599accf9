import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isObject, type JsonObject } from "../../src/core/payload.ts";
import { classifyWake, turnWakes } from "../../src/core/wake.ts";

const FIX = join(import.meta.dir, "..", "fixtures", "claude-code-2.1.328");
const load = (rel: string): JsonObject[] =>
  readFileSync(join(FIX, rel), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)).filter(isObject);
const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-30T12:00:00.000Z");

describe("turnWakes over real 2.1.328 transcripts", () => {
  test.each(
    [
      // A Stop hook blocked the first stop; the session resumed on its own 35 ms later.
      ["transcripts/deny-stop.jsonl", [["stop-hook", false, 34], ["nobody", true, null]]],
      // Woken by a background task's <task-notification> ~3 s after ending its turn.
      ["transcripts/bg.jsonl", [["notification", true, 2956], ["nobody", true, null]]],
      // A person typed /compact after the turn.
      ["transcripts/tui.jsonl", [["human", true, 12221]]],
      ["demo-session/transcript.jsonl", [["notification", true, 1940], ["nobody", true, null]]],
    ] as const,
  )("%s", (file, want) => {
    const wakes = turnWakes(load(file), { now: NOW });
    expect(wakes.map((w) => [w.waker, w.idle, w.resumedAt === null ? null : w.gapMs])).toEqual(
      want.map((w) => [...w]),
    );
  });

  test("a Stop block by vigil's own command is the Stop gate, never idle", () => {
    const wakes = turnWakes(load("transcripts/deny-stop.jsonl"), {
      now: NOW,
      isVigilCommand: (c) => c.includes("recorder.ts"),
    });
    expect([wakes[0].waker, wakes[0].idle]).toEqual(["stop-gate", false]);
  });

  test("the last end of turn with nothing after it is idle until now", () => {
    const wakes = turnWakes(load("transcripts/tui3.jsonl"), { now: at("2026-11-30T03:41:38.646Z") });
    expect([wakes.at(-1)?.waker, wakes.at(-1)?.gapMs]).toEqual(["nobody", 600_000]);
  });
});

const END = at("2026-11-30T01:00:00.000Z");
const ts = (min: number) => new Date(END + min * 60_000).toISOString();
const user = (content: string | JsonObject[], min: number, extra: JsonObject = {}): JsonObject => ({
  type: "user",
  timestamp: ts(min),
  message: { role: "user", content },
  ...extra,
});
const closing: JsonObject[] = [
  { type: "system", subtype: "stop_hook_summary", timestamp: ts(0.01) },
  { type: "system", subtype: "turn_duration", timestamp: ts(0.02) },
  { type: "last-prompt" },
];

/** What Claude Code writes when a turn is stopped, whoever stopped it (2.1.336: rowSource "harness"). */
const interruptNote = (min: number) =>
  user([{ type: "text", text: "[Request interrupted by user]" }], min, { rowSource: "harness" });
const notification = (min: number) => user("<task-notification>", min, { origin: { kind: "task-notification" } });

describe("classifyWake", () => {
  test.each(
    [
      [
        "2.1.88 Stop feedback as a meta user record",
        [user("Stop hook feedback:\ncontinue", 0.03, { isMeta: true })],
        [],
        "stop-gate",
        false,
      ],
      ["typed prompt", [user("keep going", 30, { origin: { kind: "human" } })], [], "human", true],
      ["plain string prompt (older versions, no origin)", [user("keep going", 30)], [], "human", true],
      ["2.0.x bash notification", [user("<bash-notification>\n<shell-id>b1</shell-id>", 30)], [], "notification", true],
      ["2.1.234+ wrapped notification", [user("<system-reminder>\n<task-notification>", 30)], [], "notification", true],
      ["peer message", [user("hello", 30, { origin: { kind: "peer" } })], [], "notification", true],
      // 2.1.336 writes it for a person's, another session's and the system's interrupt alike.
      ["an interrupt note alone wakes nothing", [interruptNote(30)], [], "nobody", true],
      [
        "an interrupt note, then a system notification",
        [interruptNote(30), notification(31)],
        [],
        "notification",
        true,
      ],
      [
        "nudge typed by vigil",
        [user("continue", 46, { origin: { kind: "human" } })],
        [{ kind: "nudge", at: END + 45 * 60_000 }],
        "nudge",
        true,
      ],
      [
        "restart then the resumed session writes",
        [{ type: "attachment", timestamp: ts(91), attachment: { type: "hook_success" } }],
        [{ kind: "restart", at: END + 90 * 60_000 }],
        "restart",
        true,
      ],
      [
        "a nudge long before does not explain a later prompt",
        [user("hi", 120, { origin: { kind: "human" } })],
        [{ kind: "nudge", at: END + 45 * 60_000 }],
        "human",
        true,
      ],
      [
        "a notification outranks a nudge",
        [user("<task-notification>", 46, { origin: { kind: "task-notification" } })],
        [{ kind: "nudge", at: END + 45 * 60_000 }],
        "notification",
        true,
      ],
      ["nothing yet", [], [], "nobody", true],
    ] as const,
  )("%s", (_name, records, interventions, waker, idle) => {
    const w = classifyWake([...closing, ...records], END, { now: END + 180 * 60_000, interventions });
    expect([w.waker, w.idle]).toEqual([waker, idle]);
  });

  test("bookkeeping records that close the turn do not end the idle gap", () => {
    const w = classifyWake([...closing, user("next", 30, { origin: { kind: "human" } })], END, { now: NOW });
    expect(w.gapMs).toBe(30 * 60_000);
  });

  // 2.1.332's TUI writes a prompt_snapshot attachment 0.1 s after every end of turn (seen in
  // the night box's transcripts): it woke nothing, yet it closed every wait as woken by
  // "unknown" a tenth of a second later, so a wait for approval never stayed open.
  const snapshot: JsonObject = {
    type: "attachment",
    timestamp: new Date(END + 100).toISOString(),
    attachment: { type: "prompt_snapshot" },
  };
  test("an attachment Claude Code writes after the turn wakes nothing: the turn still waits", () => {
    const w = classifyWake([snapshot, ...closing], END, { now: END + 5 * 60_000 });
    expect([w.waker, w.resumedAt, w.gapMs]).toEqual(["nobody", null, 5 * 60_000]);
  });

  test("a prompt long after that attachment resumes the turn at the prompt, not at the attachment", () => {
    const w = classifyWake([snapshot, ...closing, user("yes, go", 30, { origin: { kind: "human" } })], END, {
      now: NOW,
    });
    expect([w.waker, w.gapMs]).toEqual(["human", 30 * 60_000]);
  });

  test("an interrupt note just before a person's prompt does not start the wake early", () => {
    const w = classifyWake(
      [...closing, interruptNote(29.95), user("stop, do X", 30, { origin: { kind: "human" } })],
      END,
      {
        now: NOW,
      },
    );
    expect([w.waker, w.gapMs]).toEqual(["human", 30 * 60_000]);
  });
});
