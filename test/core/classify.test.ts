import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { classifyPrompt, type PromptHint, type PromptKind } from "../../src/core/classify.ts";
import { isHandoffRequest } from "../../src/core/handoff-request.ts";
import { isPassCommand } from "../../src/core/handoff-precheck.ts";
import { DEFAULT_CONFIG } from "../../src/core/config.ts";

const FIXTURES = join(import.meta.dir, "../fixtures");
const opts = { passCommands: DEFAULT_CONFIG.passCommands };
const verdict = (prompt: string, hint?: PromptHint) => classifyPrompt(prompt, { ...opts, hint });

/** Every UserPromptSubmit prompt recorded from real Claude Code runs, with the file it came from. */
function realPrompts(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === "UserPromptSubmit.json") {
        out.push([p.slice(FIXTURES.length + 1), JSON.parse(readFileSync(p, "utf8")).prompt]);
      } else if (e.name === "UserPromptSubmit.jsonl") {
        for (const line of readFileSync(p, "utf8").split("\n").filter(Boolean)) {
          out.push([p.slice(FIXTURES.length + 1), JSON.parse(line).stdin.prompt]);
        }
      } else if (e.name === "events.jsonl") {
        for (const line of readFileSync(p, "utf8").split("\n").filter(Boolean)) {
          const ev = JSON.parse(line);
          if (ev.event === "UserPromptSubmit") {
            out.push([p.slice(FIXTURES.length + 1), ev.payload.prompt]);
          }
        }
      }
    }
  };
  walk(FIXTURES);
  return out;
}

/** Main-chain user turns from real transcripts, with the kind their own markers imply. */
function transcriptTurns(): [string, string, PromptKind][] {
  const dir = join(FIXTURES, "claude-code-2.1.328/transcripts");
  const out: [string, string, PromptKind][] = [];
  for (const f of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, f), "utf8").split("\n").filter(Boolean)) {
      const r = JSON.parse(line);
      if (r.type !== "user" || r.isSidechain) continue;
      const c = r.message.content;
      const text = typeof c === "string"
        ? c
        : c.filter((b: { type: string }) => b.type === "text").map((b: { text: string }) => b.text)
          .join("\n");
      if (!text) continue;
      const typed = r.origin?.kind === "human" || r.promptSource === "sdk" ||
        r.promptSource === "typed";
      out.push([f, text, typed ? "instruction" : "harness"]);
    }
  }
  return out;
}

describe("real prompts from the fixtures", () => {
  const prompts = realPrompts();
  test("the fixtures hold both notifications and typed prompts", () => {
    expect(prompts.filter(([, p]) => p.startsWith("<task-notification>")).length)
      .toBeGreaterThanOrEqual(3);
    expect(prompts.length).toBeGreaterThanOrEqual(15);
  });
  const rows = prompts.map(([file, p]) => [file, p.slice(0, 40), p] as const);
  test.each(rows)("%s: %p", (_file, _head, prompt) => {
    const want = prompt.startsWith("<task-notification>") ? "harness" : "instruction";
    expect(verdict(prompt).verdict).toBe(want);
  });
});

describe("real transcript user turns", () => {
  const rows = transcriptTurns().map(([file, t, want]) => [file, t.slice(0, 40), want, t] as const);
  test.each(rows)("%s: %p is %s", (_file, _head, want, text) => {
    expect(verdict(text).verdict).toBe(want);
  });
});

const NOTE = "<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n" +
  '<summary>Background command "ci" completed (exit code 0)</summary>\n</task-notification>';
const ORCH = 'from="0ad5c3c5" from-name="orchestrator"';

const CASES: [string, string, PromptKind, string | null][] = [
  // harness-injected shapes (contract Part B section 8, claude-code-versions.md section 4)
  ["task-notification", NOTE, "harness", "task-notification"],
  ["leading whitespace", "\n\n   \t" + NOTE, "harness", "task-notification"],
  ["BOM and zero-width", "\uFEFF\u200B" + NOTE, "harness", "task-notification"],
  [
    "system notification preamble",
    "[SYSTEM NOTIFICATION - NOT USER INPUT]\nThis is an automated background-task event, NOT a message from the user.\n" +
    NOTE,
    "harness",
    "task-notification",
  ],
  [
    "preamble alone",
    "[SYSTEM NOTIFICATION - NOT USER INPUT]\nMonitor event: disk 91%",
    "harness",
    "system-notification",
  ],
  [
    "system-reminder wrapping",
    `<system-reminder>\n${NOTE}\n</system-reminder>`,
    "harness",
    "task-notification",
  ],
  [
    "system-reminder text",
    "<system-reminder>\nThe user opened a file</system-reminder>",
    "harness",
    "system-reminder",
  ],
  [
    "preamble inside system-reminder",
    `  <system-reminder>\n[SYSTEM NOTIFICATION - NOT USER INPUT]\nThis is an automated background-task event.\n${NOTE}\n</system-reminder>`,
    "harness",
    "task-notification",
  ],
  [
    "2.0 bash-notification",
    '<bash-notification>\n<shell-id>b59c34a</shell-id>\n<status>completed</status>\n<summary>Background command "bg sleep" completed (exit code 0).</summary>\nRead the output file to retrieve the output.\n</bash-notification>',
    "harness",
    "bash-notification",
  ],
  [
    "2.0 agent-notification",
    "<agent-notification>\n<agent-id>a1</agent-id>\n<status>completed</status>\n</agent-notification>",
    "harness",
    "agent-notification",
  ],
  [
    "local-command-caveat",
    "<local-command-caveat>Caveat: The messages below were generated by the user while running local commands. DO NOT respond</local-command-caveat>",
    "harness",
    "local-command-caveat",
  ],
  [
    "local-command-stderr",
    "<local-command-stderr>error: unknown</local-command-stderr>",
    "harness",
    "local-command-stderr",
  ],
  [
    "command-message first",
    "<command-message>review</command-message>\n<command-name>/review</command-name>\n<command-args>12</command-args>",
    "harness",
    "command-message",
  ],
  ["command-args", "<command-args>x</command-args>", "harness", "command-args"],
  ["bash-input", "<bash-input>ls -la</bash-input>", "harness", "bash-input"],
  [
    "bash-stdout",
    "<bash-stdout>total 0</bash-stdout><bash-stderr></bash-stderr>",
    "harness",
    "bash-stdout",
  ],
  [
    "Stop hook feedback",
    "Stop hook feedback:\nRun the tests before stopping",
    "harness",
    "hook-feedback",
  ],
  [
    "TeammateIdle hook feedback",
    "TeammateIdle hook feedback:\nstill idle",
    "harness",
    "hook-feedback",
  ],
  [
    "TaskCompleted hook feedback",
    "TaskCompleted hook feedback:\nverify first",
    "harness",
    "hook-feedback",
  ],
  [
    "compaction summary",
    "This session is being continued from a previous conversation that ran out of context.",
    "harness",
    "compact-summary",
  ],
  ["interrupted", "[Request interrupted by user]", "harness", "request-interrupted"],
  [
    "interrupted for tool use",
    "[Request interrupted by user for tool use]",
    "harness",
    "request-interrupted",
  ],
  [
    "skill base directory",
    "Base directory for this skill: /home/dev/.claude/skills/pre-compact-save\n\n# Save",
    "harness",
    "skill-base-directory",
  ],
  [
    "channel",
    '<channel source="plugin:telegram:telegram" chat_id="1">build is green</channel>',
    "harness",
    "channel",
  ],
  [
    "teammate idle notification",
    '<teammate-message teammate_id="t1" color="blue">\n{"type":"idle_notification","from":"t1","idleReason":"available"}\n</teammate-message>',
    "harness",
    "teammate-message",
  ],
  [
    "several idle notifications",
    '<teammate-message teammate_id="t1">\n{"type":"idle_notification","from":"t1"}\n</teammate-message>\n\n<teammate-message teammate_id="t1">\n{"type":"shutdown_request","reason":"done"}\n</teammate-message>',
    "harness",
    "teammate-message",
  ],
  ["empty prompt", "  \n ", "harness", null],
  // new instructions
  ["typed ticket", "Implement ticket #46: add CSV export", "instruction", null],
  ["typed with whitespace", "  \n fix the flaky test in parser.test.ts", "instruction", null],
  ["Korean ticket", "다음 티켓 #47 진행해 주세요", "instruction", null],
  [
    "Korean received handover is not a handoff",
    "인계받은 티켓 #45 이어서 구현해",
    "instruction",
    null,
  ],
  ["Japanese ticket", "次のチケット #47 を進めてください", "instruction", null],
  [
    "cross-session ticket after preface",
    `Another Claude session sent a message:\n<cross-session-message ${ORCH}>\nNext ticket: #46, add CSV export\n</cross-session-message>`,
    "instruction",
    "cross-session-message",
  ],
  [
    "cross-session ticket",
    `<cross-session-message ${ORCH}>Fix #51</cross-session-message>`,
    "instruction",
    "cross-session-message",
  ],
  [
    "preface without envelope",
    "Another Claude session sent a message:\nFix #52 next",
    "instruction",
    "cross-session-message",
  ],
  [
    "teammate ticket",
    '<teammate-message teammate_id="lead" color="blue">Take task 3: fix the parser</teammate-message>',
    "instruction",
    "teammate-message",
  ],
  [
    "teammate task assignment",
    '<teammate-message teammate_id="lead">{"type":"task_assignment","taskId":"3","subject":"fix the parser"}</teammate-message>',
    "instruction",
    "teammate-message",
  ],
  [
    "ticket wrapped in system-reminder",
    `<system-reminder>\n<cross-session-message ${ORCH}>Next ticket: #46</cross-session-message>\n</system-reminder>`,
    "instruction",
    "cross-session-message",
  ],
  [
    "idle notification plus a ticket",
    '<teammate-message teammate_id="t1">{"type":"idle_notification"}</teammate-message>\n<teammate-message teammate_id="lead">Now do #9</teammate-message>',
    "instruction",
    "teammate-message",
  ],
  [
    "handoff mentioned only after the ticket",
    "Ticket #46: add CSV export to the report page. Keep the existing column order, add a header row, quote fields that " +
    "contain commas, cover it with tests in report.test.ts and open a PR against main. When all of that is done and CI " +
    "is green, write the handoff.",
    "instruction",
    null,
  ],
  ["other slash command", "/review-pr 12", "instruction", null],
  // issue 14: these two passed at SOFT and HARD on the keyword alone
  ["a ticket about the handoff parser", "Ticket #51: fix the handoff parser crash", "instruction", null],
  [
    "a teammate's bug report naming the handover flow",
    '<teammate-message teammate_id="t2">the handover flow in checkout is broken, fix it</teammate-message>',
    "instruction",
    "teammate-message",
  ],
  ["prefix of a pass command", "/compactify now", "instruction", null],
  // handoff requests
  ["write the handoff", "write the handoff", "handoff", null],
  ["handoff document", "Please write the handoff document now.", "handoff", null],
  ["HANDOFF.md", "Write HANDOFF.md and stop there", "handoff", null],
  ["hand over", "Hand over to a new session", "handoff", null],
  ["Korean handoff", "handoff 문서 작성해", "handoff", null],
  ["Korean 인계서", "인계서 써 줘", "handoff", null],
  ["Korean 인수인계", "인수인계 문서 정리해 주세요", "handoff", null],
  ["Japanese 引き継ぎ書", "引き継ぎ書を書いて", "handoff", null],
  ["Japanese 資料", "引き継ぎ資料を作成してください", "handoff", null],
  ["Japanese katakana", "ハンドオフ文書を書いて", "handoff", null],
  [
    "cross-session handoff",
    `Another Claude session sent a message:\n<cross-session-message ${ORCH}>Please write the handoff document</cross-session-message>`,
    "handoff",
    "cross-session-message",
  ],
  [
    "teammate handoff (ja)",
    '<teammate-message teammate_id="lead">引き継ぎ書を書いて</teammate-message>',
    "handoff",
    "teammate-message",
  ],
  [
    "cross-session handoff (ko)",
    `  <cross-session-message ${ORCH}>handoff 문서 작성해</cross-session-message>`,
    "handoff",
    "cross-session-message",
  ],
  [
    "handoff wrapped in system-reminder",
    `<system-reminder><cross-session-message ${ORCH}>write the handoff</cross-session-message></system-reminder>`,
    "handoff",
    "cross-session-message",
  ],
  // pass commands
  ["/pre-compact-save", "/pre-compact-save", "pass-command", null],
  ["/compact with args", "/compact keep the parser notes", "pass-command", null],
  ["/compact after whitespace", "\n  /compact", "pass-command", null],
  ["plugin namespace", "/vigil:pre-compact-save", "pass-command", null],
  [
    "pass command from orchestrator",
    `<cross-session-message ${ORCH}>/compact</cross-session-message>`,
    "pass-command",
    "cross-session-message",
  ],
  // vigil's own nudge (src/core/vigil-marks.ts), as 2.1.332 hands it to UserPromptSubmit over the inbox socket
  [
    "vigil nudge over the inbox socket",
    '<cross-session-message from="vigil" from-mode="bypass">\n[vigil nudge] Carry on with the ticket.\n</cross-session-message>',
    "harness",
    "vigil-nudge",
  ],
  [
    "vigil nudge as the model reads it",
    'Another Claude session sent a message:\n<cross-session-message from="vigil">\n[vigil nudge] go on\n</cross-session-message>',
    "harness",
    "vigil-nudge",
  ],
  ["vigil nudge typed into the pane", "  [vigil nudge] Carry on with the ticket.", "harness", "vigil-nudge"],
  ["the mark later in a typed prompt", "start ticket 9 [vigil nudge]", "instruction", null],
  [
    "a second envelope with work beside a nudge",
    `<cross-session-message from="vigil">[vigil nudge] go on</cross-session-message><cross-session-message ${ORCH}>start ticket 9</cross-session-message>`,
    "instruction",
    "cross-session-message",
  ],
  // unknown envelopes
  [
    "unknown tag",
    "<new-harness-event>\n<id>1</id>\n</new-harness-event>",
    "unknown-envelope",
    "new-harness-event",
  ],
  [
    "unknown tag with attributes",
    '  <scheduled-wakeup id="3" at="02:00">check CI</scheduled-wakeup>',
    "unknown-envelope",
    "scheduled-wakeup",
  ],
];

describe("classifyPrompt", () => {
  test.each(CASES)("%s", (_name, prompt, want, envelope) => {
    const r = verdict(prompt);
    expect({ verdict: r.verdict, envelope: r.envelope }).toEqual({ verdict: want, envelope });
    expect(r.why.length).toBeGreaterThan(0);
  });

  test("pass commands come from config", () => {
    const custom = { passCommands: ["/save-state"] };
    expect(classifyPrompt("/save-state now", custom).verdict).toBe("pass-command");
    expect(classifyPrompt("/compact", custom).verdict).toBe("instruction");
  });
});

const hint = (text: string | null, m: Partial<PromptHint>): PromptHint => ({
  originKind: null,
  promptSource: null,
  isMeta: false,
  text,
  ...m,
});

describe("transcript hint", () => {
  const LOOP = "check the deploy and report";
  test.each<[string, string, PromptHint | undefined, PromptKind]>([
    ["no hint: plain text is an instruction", LOOP, undefined, "instruction"],
    ["system source for this prompt", LOOP, hint(LOOP, { promptSource: "system" }), "harness"],
    ["meta record for this prompt", LOOP, hint(LOOP, { isMeta: true }), "harness"],
    ["task-notification origin", LOOP, hint(LOOP, { originKind: "task-notification" }), "harness"],
    [
      "the hint is the previous record",
      LOOP,
      hint("earlier prompt", { promptSource: "system" }),
      "instruction",
    ],
    ["the hint has no text", LOOP, hint(null, { promptSource: "system" }), "instruction"],
    [
      "human origin confirms",
      LOOP,
      hint(LOOP, { originKind: "human", promptSource: "typed" }),
      "instruction",
    ],
    [
      "typed text that opens with a tag",
      "<div> is misaligned",
      hint("<div> is misaligned", { originKind: "human" }),
      "instruction",
    ],
    ["unknown tag, no hint", "<div> is misaligned", undefined, "unknown-envelope"],
    [
      "an envelope is not overridden",
      `<cross-session-message ${ORCH}>Fix #51</cross-session-message>`,
      hint(`<cross-session-message ${ORCH}>Fix #51</cross-session-message>`, { isMeta: true }),
      "instruction",
    ],
  ])("%s", (_name, prompt, h, want) => {
    expect(verdict(prompt, h).verdict).toBe(want);
  });
});

describe("helpers", () => {
  test.each([
    ["/compact", true],
    ["/COMPACT", true],
    ["compact", false],
    ["/pre-compact-saver", false],
  ])("isPassCommand(%p) is %p", (text, want) => {
    expect(isPassCommand(text, DEFAULT_CONFIG.passCommands)).toBe(want);
  });
  // Where a handoff request ends and a mention begins: test/core/handoff-request.test.ts.
  test("isHandoffRequest is what the classifier asks", () => {
    expect([isHandoffRequest("write the handoff"), isHandoffRequest("fix the handoff parser")]).toEqual([true, false]);
  });
});

describe("wake-ups the session scheduled itself (UserPromptSubmit source, own crons)", () => {
  const CRON = "/loop check the CI run";
  const TEAMMATE = '<teammate-message teammate_id="lead">take ticket #52</teammate-message>';
  test.each<[string, string, string | null, string[], PromptKind]>([
    ["/loop wake-up by source", CRON, "loop_wakeup", [], "wakeup"],
    ["ScheduleWakeup by source", "check the deploy", "schedule_wakeup", [], "wakeup"],
    ["a host poll event is the harness's", "new line in ci.log", "poll_event", [], "harness"],
    // 2.1.332 sends no source: the wake-up is known by its own cron's prompt (observed)
    ["no source, equal to an own cron", CRON, null, [CRON], "wakeup"],
    ["no source, equal up to surrounding blanks", `  ${CRON}\n`, null, [CRON], "wakeup"],
    ["no source, a different prompt", "/loop deploy to prod", null, [CRON], "instruction"],
    ["no source, no crons: a slash command is an instruction", CRON, null, [], "instruction"],
    ["typed by a person, even with a cron's text", CRON, "user", [CRON], "instruction"],
    ["sent by an SDK caller, even with a cron's text", CRON, "sdk", [CRON], "instruction"],
    // `system` also carries peer and teammate messages: the envelope decides
    ["system: a teammate's ticket is refused", TEAMMATE, "system", [], "instruction"],
    [
      "system: a task notification passes as harness",
      "<task-notification>done</task-notification>",
      "system",
      [],
      "harness",
    ],
    ["system with an own cron's text", CRON, "system", [CRON], "wakeup"],
    ["an unknown source falls back to the text", "fix the parser", "something_new", [], "instruction"],
  ])("%s", (_name, prompt, source, ownCrons, want) => {
    expect(classifyPrompt(prompt, { ...opts, source, ownCrons }).verdict).toBe(want);
  });
});
