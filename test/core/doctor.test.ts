import { checkWrappedTiming } from "../../src/core/doctor/statusline-timing.ts";
import { describe, expect, test } from "bun:test";
import { exitCodeOf, type Finding, findingsJson, renderFindings } from "../../src/core/doctor/findings.ts";
import {
  checkHookSocket,
  checkNotify,
  checkSchedule,
  checkServe,
  type ScheduleInput,
} from "../../src/core/doctor/services.ts";
import {
  checkDatabase,
  checkEnvelopes,
  checkPermissions,
  type DatabaseInput,
  unreadableTranscript,
} from "../../src/core/doctor/state.ts";
import { type BinaryInput, checkBinary, checkClaude, type ClaudeInput } from "../../src/core/doctor/versions.ts";
import { checkWiring, type SettingsFileInput, type WiringInput } from "../../src/core/doctor/wiring.ts";
import { eventsFor } from "../../src/core/install/events.ts";
import { registeredEvents } from "../../src/core/install/handled.ts";
import type { SettingsFacts } from "../../src/core/install/inspect.ts";

/** Severity and check of each finding, plus the words that matter. */
const brief = (fs: Finding[]) => fs.map((f) => `${f.severity} ${f.check}: ${f.message}${f.fix ? ` | ${f.fix}` : ""}`);

const registered = (v: string) => [...registeredEvents(v).events];
const facts = (o: Partial<SettingsFacts> = {}): SettingsFacts => ({
  hookEvents: registered("2.1.332"),
  vigilEvents: registered("2.1.332"),
  vigilHandlerEvents: registered("2.1.332"),
  bins: ["/usr/local/bin/vigil"],
  urls: [],
  failClosedEvents: [],
  closedUntold: [],
  disableAllHooks: false,
  statusLine: { kind: "vigil", command: "/usr/local/bin/vigil statusline" },
  ...o,
});
const file = (o: Partial<SettingsFileInput> = {}): SettingsFileInput => ({
  scope: "user",
  path: "/h/.claude/settings.json",
  facts: facts(),
  error: null,
  ...o,
});
const wiring = (o: Partial<WiringInput> = {}): WiringInput => ({
  files: [file()],
  claudeVersion: "2.1.332",
  bins: [{ path: "/usr/local/bin/vigil", exists: true, executable: true }],
  ...o,
});

/** The wiring cases that must fail doctor; the others pass (possibly with warnings). */
const FAILS = new Set([
  "not installed anywhere",
  "installed for 2.1.332, Claude Code is 2.0.76: the file's hooks are all off",
  "a user's own hook names an event the version does not know",
  "installed for 2.0.76, Claude Code upgraded to 2.1.332",
  "an earlier vigil on WorktreeCreate",
  "a hand-written WorktreeCreate → vigil hook in the user's own group",
  "disableAllHooks",
  "a file that is not JSON",
  "the binary moved away",
  "project scope fix",
]);

describe("settings wiring", () => {
  test.each<[string, WiringInput, RegExp[]]>([
    ["all wired", wiring(), [/^ok settings: vigil's hooks are in user \(15 events\)$/, /^ok statusline/]],
    ["not installed anywhere", wiring({ files: [file({ facts: null })] }), [
      /^problem settings: vigil is not wired into Claude Code: no settings file has its hooks \| vigil install$/,
    ]],
    [
      "installed for 2.1.332, Claude Code is 2.0.76: the file's hooks are all off",
      wiring({ claudeVersion: "2.0.76" }),
      [/^problem settings: "\/h\/\.claude\/settings\.json": this file's hooks are all disabled: it names "StopFailure", "PostCompact", "PreModelSwitch", "PostModelSwitch", "PreSkillShellCommand", which Claude Code 2\.0\.76 does not know \| vigil install$/],
    ],
    [
      "a user's own hook names an event the version does not know",
      wiring({
        claudeVersion: "2.1.88",
        files: [file({
          facts: facts({
            hookEvents: [...registered("2.1.88"), "PostToolBatch"],
            vigilEvents: registered("2.1.88"),
            vigilHandlerEvents: registered("2.1.88"),
          }),
        })],
      }),
      [/hooks are all disabled: it names "PostToolBatch", which Claude Code 2\.1\.88 does not know \| remove "PostToolBatch" from "hooks" in "\/h\/\.claude\/settings\.json"$/],
    ],
    [
      "installed for 2.0.76, Claude Code upgraded to 2.1.332",
      wiring({
        files: [
          file({
            facts: facts({
              hookEvents: registered("2.0.76"),
              vigilEvents: registered("2.0.76"),
              vigilHandlerEvents: registered("2.0.76"),
            }),
          }),
        ],
      }),
      [/^problem settings: .*vigil is not wired to 5 events Claude Code 2\.1\.332 knows: "StopFailure", "PostCompact", "PreModelSwitch", "PostModelSwitch", "PreSkillShellCommand" \| vigil install$/],
    ],
    [
      "an earlier vigil on every event: the ones it does not handle cost a process each",
      wiring({
        claudeVersion: "2.1.88",
        files: [file({
          facts: facts({
            hookEvents: eventsFor("2.1.88").events.filter((e) => e !== "WorktreeCreate"),
            vigilEvents: eventsFor("2.1.88").events.filter((e) => e !== "WorktreeCreate"),
          }),
        })],
      }),
      [/^warn settings: .*vigil is registered on 14 events it does not handle \("Notification", .* \| vigil install$/],
    ],
    [
      "an earlier vigil on WorktreeCreate",
      wiring({
        files: [file({
          facts: facts({
            hookEvents: [...registered("2.1.332"), "WorktreeCreate"],
            vigilEvents: [...registered("2.1.332"), "WorktreeCreate"],
            vigilHandlerEvents: [...registered("2.1.332"), "WorktreeCreate"],
          }),
        })],
      }),
      [/^problem settings: .*vigil is registered on WorktreeCreate, where it must never be: its hook replaces Claude Code's own "git worktree add".* \| vigil install$/],
    ],
    [
      "a hand-written WorktreeCreate → vigil hook in the user's own group",
      wiring({
        files: [file({
          facts: facts({
            hookEvents: [...registered("2.1.332"), "WorktreeCreate"],
            vigilHandlerEvents: [...registered("2.1.332"), "WorktreeCreate"],
          }),
        })],
      }),
      [/^problem settings: .*vigil is registered on WorktreeCreate.* \| remove the "vigil hook" handler from "hooks\.WorktreeCreate" in "\/h\/\.claude\/settings\.json"$/],
    ],
    ["disableAllHooks", wiring({ files: [file({ facts: facts({ disableAllHooks: true }) })] }), [
      /^problem settings: .* sets "disableAllHooks": true: no hook and no statusLine runs \| remove "disableAllHooks"/,
    ]],
    [
      "a file that is not JSON",
      wiring({
        files: [
          file({ facts: null, error: "not valid JSON (x)" }),
          file({ scope: "project", path: "/p/.claude/settings.json" }),
        ],
      }),
      [
        /^problem settings: "\/h\/\.claude\/settings\.json" cannot be used: not valid JSON \(x\)/,
      ],
    ],
    ["the binary moved away", wiring({ bins: [{ path: "/old/vigil", exists: false, executable: false }] }), [
      /^problem binary: the hooks run "\/old\/vigil", which does not exist: every vigil hook fails/,
    ]],
    [
      "the user's statusLine",
      wiring({ files: [file({ facts: facts({ statusLine: { kind: "other", command: "~/l.sh" } }) })] }),
      [
        /^warn statusline: the statusLine is yours \("~\/l\.sh"\).* \| vigil install --statusline wrap$/,
      ],
    ],
    [
      "project scope fix",
      wiring({ claudeVersion: "2.0.76", files: [file({ scope: "project", path: "/p/.claude/settings.json" })] }),
      [
        /\| vigil install --project$/,
      ],
    ],
    ["unknown version: event checks skipped", wiring({ claudeVersion: null }), [/^ok settings/]],
  ])("%s", (name, input, want) => {
    const got = brief(checkWiring(input));
    for (const w of want) expect(got.filter((g) => w.test(g))).toHaveLength(1);
    expect(exitCodeOf(checkWiring(input))).toBe(FAILS.has(name) ? 1 : 0);
  });
});

describe("versions", () => {
  const c = (o: Partial<ClaudeInput>): ClaudeInput => ({ version: "2.1.337", error: null, previous: null, ...o });
  test.each<[string, ClaudeInput, string[]]>([
    ["tested", c({}), ["ok claude: Claude Code 2.1.337, the version vigil is tested with"]],
    ["the newest npm package, tested end to end", c({ version: "2.1.332" }), [
      "ok claude: Claude Code 2.1.332, tested end to end (the newest tested is 2.1.337)",
    ]],
    ["the previous newest, its event table read from its binary", c({ version: "2.1.336" }), [
      "info claude: Claude Code 2.1.336 is older than the tested 2.1.337",
    ]],
    ["between two tested versions", c({ version: "2.1.330" }), [
      "info claude: Claude Code 2.1.330 is older than the tested 2.1.337",
    ]],
    ["not found", c({ version: null, error: 'Claude Code not found: no "claude" on PATH' }), [
      'problem claude: Claude Code not found: no "claude" on PATH | install Claude Code, or set CLAUDE_BIN',
    ]],
    ["2.0.76: no subagent fields, no PostCompact", c({ version: "2.0.76" }), [
      "info claude: Claude Code 2.0.76 is older than the tested 2.1.337",
      'warn claude: Claude Code 2.0.76 sends no agent_type or agent_id: vigil cannot tell a subagent\'s tool calls from its main session, nor a worker from a person, so limits apply only where VIGIL_ROLE says "worker" | upgrade Claude Code to 2.1.69 or later, or launch workers with VIGIL_ROLE=worker',
      'info claude: Claude Code 2.0.76 has no PostCompact event: restore relies on SessionStart "compact" alone',
    ]],
    ["2.1.88", c({ version: "2.1.88", previous: { version: "2.1.88", since: 0 } }), [
      "ok claude: Claude Code 2.1.88, tested end to end (the newest tested is 2.1.337)",
    ]],
    ["newer", c({ version: "2.2.0" }), [
      "warn claude: Claude Code 2.2.0 is newer than the tested 2.1.337: events it added are not registered, and new prompt shapes show up below as unknown envelopes | update vigil when a release tested with this version exists",
    ]],
    ["older than any known", c({ version: "1.0.100" }), [
      "warn claude: Claude Code 1.0.100 is older than the tested 2.1.337; its hook events are not known to vigil (the 2.0.76 set is registered) | upgrade Claude Code",
      'warn claude: Claude Code 1.0.100 sends no agent_type or agent_id: vigil cannot tell a subagent\'s tool calls from its main session, nor a worker from a person, so limits apply only where VIGIL_ROLE says "worker" | upgrade Claude Code to 2.1.69 or later, or launch workers with VIGIL_ROLE=worker',
      'info claude: Claude Code 1.0.100 has no PostCompact event: restore relies on SessionStart "compact" alone',
    ]],
    ["upgraded since last look", c({ previous: { version: "2.1.220", since: 5 } }), [
      "ok claude: Claude Code 2.1.337, the version vigil is tested with",
      "info claude: Claude Code changed from 2.1.220 to 2.1.337 since vigil last looked",
    ]],
  ])("claude %s", (_n, input, want) => {
    expect(brief(checkClaude(input))).toEqual(want);
  });

  const b = (o: Partial<BinaryInput>): BinaryInput => ({
    self: "/opt/vigil",
    version: "0.1.0",
    onPath: "/usr/local/bin/vigil",
    onPathVersion: "0.1.0",
    onPathIsSelf: true,
    ...o,
  });
  test.each<[string, BinaryInput, RegExp]>([
    ["on PATH", b({}), /^ok binary: vigil 0\.1\.0 at "\/usr\/local\/bin\/vigil"$/],
    [
      "not on PATH",
      b({ onPath: null, onPathVersion: null }),
      /^warn binary: .* is not on PATH.* \| ln -s "\/opt\/vigil"/,
    ],
    [
      "another version on PATH",
      b({ onPathIsSelf: false, onPathVersion: "0.0.9" }),
      /^warn binary: "vigil" on PATH is .*version 0\.0\.9/,
    ],
    ["a copy of the same version", b({ onPathIsSelf: false }), /^ok binary/],
  ])("binary %s", (_n, input, want) => {
    expect(brief(checkBinary(input))).toEqual([expect.stringMatching(want)]);
  });
});

test.each<[string, boolean]>([
  ['transcript "/t/a.jsonl" is not a file', true],
  ['cannot open transcript "/t/a.jsonl": EACCES', true],
  ['cannot read transcript "/t/a.jsonl": EIO', true],
  ["stdin exceeds 10485760 bytes", false],
  ['cannot parse hook input "PreToolUse": missing "session_id"', false],
])("unreadableTranscript(%p) is %p", (error, want) => {
  expect(unreadableTranscript(error)).toBe(want);
});

describe("state", () => {
  const d = (o: Partial<DatabaseInput>): DatabaseInput => ({
    path: "/s/vigil.db",
    exists: true,
    error: null,
    integrity: ["ok"],
    walBytes: 4096,
    recovered: [],
    hookErrors: { count: 0, last: null },
    window: "last day",
    ...o,
  });
  test.each<[string, DatabaseInput, string[]]>([
    ["healthy", d({}), ['ok database: "/s/vigil.db" is healthy']],
    ["absent", d({ exists: false }), ['info database: no database yet at "/s/vigil.db" (the first hook creates it)']],
    ["unreadable", d({ error: "file is not a database" }), [
      'problem database: cannot read "/s/vigil.db": file is not a database | move it aside (mv "/s/vigil.db" "/s/vigil.db.bad"); vigil creates a new one',
    ]],
    ["integrity", d({ integrity: ["*** in database main ***", "Page 3 is never used"] }), [
      'problem database: "/s/vigil.db" fails its integrity check: *** in database main ***; Page 3 is never used | move it aside (mv "/s/vigil.db" "/s/vigil.db.bad"); vigil creates a new one',
    ]],
    ["WAL", d({ walBytes: 200 * 1024 * 1024 }), [
      "warn database: the write-ahead log is 200 MiB: a long-lived reader keeps it from being checkpointed | restart vigil serve (and anything else holding vigil.db open)",
    ]],
    ["recovered", d({ recovered: [{ at: Date.UTC(2025, 0, 2, 3, 4, 5), movedTo: "/s/vigil.db.corrupt-1" }] }), [
      'warn database: the database was corrupt and was recreated at 2025-01-02T03:04:05Z; the broken one is "/s/vigil.db.corrupt-1" | nothing to do unless it recurs (then check the disk); delete the broken copy when done with it',
    ]],
    ["hook errors", d({ hookErrors: { count: 3, last: "stdin exceeds 10485760 bytes" } }), [
      'warn database: 3 hook errors in the last day (hooks failed open); latest: stdin exceeds 10485760 bytes | vigil report --since 24h --json shows them (kind "hook_error")',
    ]],
    // known gap 'unreadable transcript': doctor names the sessions that were never measured
    [
      "unmeasured sessions",
      d({
        hookErrors: { count: 2, last: 'transcript "/t/a.jsonl" is not a file', unmeasured: ["s-2", "s-1"] },
      }),
      [
        'warn database: 2 hook errors in the last day (hooks failed open); latest: transcript "/t/a.jsonl" is not a file | vigil report --since 24h --json shows them (kind "hook_error")',
        'warn transcripts: 2 sessions could not be measured in the last day: their transcripts could not be read, so no limit applied to them (s-2, s-1) | make each transcript_path a readable file; vigil report --since 24h --json names them (kind "hook_error")',
      ],
    ],
  ])("database %s", (_n, input, want) => {
    expect(brief(checkDatabase(input))).toEqual(want);
  });

  test.each([
    [[{ path: "/s", kind: "dir" as const, mode: 0o700 }, { path: "/s/vigil.db", kind: "file" as const, mode: 0o600 }], [
      "ok permissions: the state directory and its files are private",
    ]],
    [
      [{ path: "/s", kind: "dir" as const, mode: 0o755 }, { path: "/s/vigil.log", kind: "file" as const, mode: 0o644 }],
      [
        'problem permissions: "/s" is 755: others can read vigil\'s state | chmod 700 "/s"',
        'problem permissions: "/s/vigil.log" is 644: others can read vigil\'s state | chmod 600 "/s/vigil.log"',
      ],
    ],
    [[], []],
  ])("permissions %#", (entries, want) => {
    expect(brief(checkPermissions(entries))).toEqual(want);
  });

  test.each([
    [{ since: 0, count: 0, tags: [] }, ["ok envelopes: no unknown prompt envelopes so far"]],
    [
      { since: Date.UTC(2025, 5, 1), count: 4, tags: [{ tag: "<loop-wakeup>", count: 3 }, { tag: "<x>", count: 1 }] },
      [
        'warn envelopes: 4 prompts in shapes vigil does not know since 2025-06-01T00:00:00Z (the last Claude Code upgrade): "<loop-wakeup>" ×3, "<x>" ×1; they were passed as harness-injected, not refused | vigil report --json shows them (kind "unknown_envelope"); a new Claude Code envelope needs a classifier rule',
      ],
    ],
  ])("envelopes %#", (input, want) => {
    expect(brief(checkEnvelopes(input))).toEqual(want);
  });
});

describe("services", () => {
  test.each([
    [[], []],
    [[{ url: "http://127.0.0.1:8787/hook", healthz: "http://127.0.0.1:8787/healthz", ok: true, detail: "HTTP 200" }], [
      'ok serve: vigil serve answers at "http://127.0.0.1:8787/healthz"',
    ]],
    [[{
      url: "http://127.0.0.1:9911/hook",
      healthz: "http://127.0.0.1:9911/healthz",
      ok: false,
      detail: "Unable to connect",
    }], [
      'problem serve: HTTP hooks post to "http://127.0.0.1:9911/hook" but vigil serve does not answer at "http://127.0.0.1:9911/healthz" (Unable to connect): those hooks do nothing | keep it running (vigil serve --install --listen 127.0.0.1:9911), or run vigil install without --http',
    ]],
  ])("serve %#", (probes, want) => {
    expect(brief(checkServe(probes))).toEqual(want);
  });

  test.each<[ScheduleInput, string]>([
    [{ scheduler: "cron", files: [], cronLine: true }, "ok schedule: vigil watch runs from cron"],
    [
      { scheduler: "cron", files: [], cronLine: false },
      "warn schedule: the watch schedule is not installed: a dead or stalled session is noticed only when someone looks | vigil watch --install",
    ],
    [
      { scheduler: "cron", files: [], cronLine: null },
      "warn schedule: the watch schedule is not installed (the crontab could not be read): a dead or stalled session is noticed only when someone looks | vigil watch --install",
    ],
    [{
      scheduler: "systemd",
      files: [{ path: "/a.service", exists: true }, { path: "/a.timer", exists: true }],
      cronLine: null,
    }, "ok schedule: vigil watch runs from systemd"],
    [
      {
        scheduler: "systemd",
        files: [{ path: "/a.service", exists: true }, { path: "/a.timer", exists: false }],
        cronLine: null,
      },
      "warn schedule: the watch schedule is incomplete: a dead or stalled session is noticed only when someone looks | vigil watch --install",
    ],
    [
      { scheduler: "launchd", files: [{ path: "/p.plist", exists: false }], cronLine: null },
      "warn schedule: the watch schedule is not installed: a dead or stalled session is noticed only when someone looks | vigil watch --install",
    ],
  ])("schedule %#", (input, want) => {
    expect(brief(checkSchedule(input))).toEqual([want]);
  });

  test.each([
    [null, []],
    [[], [
      "warn notify: no notifiers are configured: DOWN and STALE sessions are only recorded | add [[notifiers]] to config.toml (see vigil config)",
    ]],
    [[
      { kind: "discord", target: "https://discord.com/api/webhooks/***", result: "sent" as const, error: null },
      { kind: "ntfy", target: "https://ntfy.sh/***", result: "failed" as const, error: "HTTP 403" },
      { kind: "slack", target: "(none)", result: "skipped" as const, error: "no URL" },
    ], [
      "ok notify: test notification sent to discord https://discord.com/api/webhooks/*** from the watch's schedule environment",
      "problem notify: test notification failed for ntfy https://ntfy.sh/*** from the watch's schedule environment: HTTP 403 | check the ntfy notifier's URL or token in config.toml",
      "problem notify: test notification skipped for slack (none) from the watch's schedule environment: no URL | set the slack notifier's variable in this shell and run \"vigil watch --install\" again",
    ]],
  ])("notify %#", (outcomes, want) => {
    expect(brief(checkNotify(outcomes))).toEqual(want);
  });
});

describe("the report", () => {
  const fs: Finding[] = [
    { check: "settings", severity: "ok", message: "wired", fix: null },
    { check: "schedule", severity: "warn", message: "no schedule", fix: "vigil watch --install" },
    { check: "serve", severity: "problem", message: "down", fix: "vigil serve" },
  ];
  test("problems first, one line each with the fix; exit 1", () => {
    expect(renderFindings(fs)).toBe(
      "vigil doctor: 1 problem, 1 warning\nPROBLEM serve: down; fix: vigil serve\nwarning schedule: no schedule; fix: vigil watch --install\n",
    );
    expect(exitCodeOf(fs)).toBe(1);
    expect(findingsJson(fs).ok).toBe(false);
  });
  test("no problem: ok summary with the good lines; exit 0", () => {
    const good = fs.slice(0, 2);
    expect(renderFindings(good)).toBe(
      "vigil doctor: ok (1 warning)\nwarning schedule: no schedule; fix: vigil watch --install\nok settings: wired\n",
    );
    expect(exitCodeOf(good)).toBe(0);
    expect(findingsJson(good)).toEqual({ ok: true, findings: good });
  });
});

describe("doctor says whether hooks are forwarding", () => {
  const path = "/state/hook.sock";
  test("an installed serve service with nothing on the socket: not forwarding, with the restart", () => {
    const [f] = checkHookSocket({ kind: "absent", path }, {
      scheduler: "systemd",
      path: "/home/u/.config/systemd/user/vigil-serve.service",
      installed: true,
    });
    expect([f.severity, f.message]).toEqual([
      "warn",
      "hooks are not forwarding: the vigil serve service is installed (/home/u/.config/systemd/user/vigil-serve.service) but nothing serves /state/hook.sock, so each hook runs in its own process",
    ]);
    expect(f.fix).toStartWith("systemctl --user restart vigil-serve");
  });

  test("no service and no serve: info, with what makes them forward", () => {
    const [f] = checkHookSocket({ kind: "absent", path }, null);
    expect(f.severity).toBe("info");
    expect(f.message).toContain("hooks are not forwarding");
    expect(f.message).toContain("vigil serve --install");
  });

  test("a serve of this build on the socket: forwarding", () => {
    const [f] = checkHookSocket({ kind: "served", path, build: "b1", ours: "b1" }, null);
    expect([f.severity, f.message]).toEqual(["ok", `hooks and the statusLine forward to vigil serve on ${path}`]);
  });
});

describe("doctor times a wrapped statusLine", () => {
  const base = { command: "~/line.sh", capMs: 250 };
  test("within the cap: ok, with its time", () => {
    expect(checkWrappedTiming({ ...base, ms: 40.4, error: null })).toEqual([
      {
        check: "statusline",
        severity: "ok",
        message: "your statusLine command answers in 40 ms (the cap is 250 ms)",
        fix: null,
      },
    ]);
  });
  test("past the cap: a warning with the measured time and what it costs", () => {
    const [f] = checkWrappedTiming({ ...base, ms: 612.2, error: null });
    expect(f.severity).toBe("warn");
    expect(f.message).toStartWith(
      `your statusLine command "~/line.sh" took 612 ms, past the 250 ms vigil's wrap gives it`,
    );
  });
  test("no run printed a line: vigil's own line is shown", () => {
    const [f] = checkWrappedTiming({ ...base, ms: null, error: "exit 1" });
    expect([f.severity, f.message]).toEqual([
      "warn",
      `your statusLine command "~/line.sh" did not print a line (exit 1): vigil's own line is shown`,
    ]);
  });
  test("no wrapped statusLine: nothing", () => {
    expect(checkWrappedTiming(null)).toEqual([]);
  });
});
