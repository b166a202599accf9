/**
 * Interrupt (2.1.336 on) through the real CLI and vigil: a turn stopped mid-answer sends no Stop,
 * only Interrupt, whose `source` says who. A person's interrupt (Escape in the TUI, or an SDK
 * program's unmarked interrupt) leaves the session awaiting that person: `vigil status` says so
 * and the watch does not nudge it however long it stays quiet. A marked interrupt (the system,
 * another session) is recorded and awaits nobody.
 */
import { afterEach, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeApi } from "../../src/prove/fake-api/server.ts";
import { type Pane, seedClaudeJson, startPane, TUI_READY } from "../../src/prove/tmux-pane.ts";
import { lastUserText } from "./api-request.ts";
import { claudeCommand, NEWEST, sends } from "./cli.ts";
import { runInterrupted, slowAnswer } from "./interrupt.ts";
import { E2E_TIMEOUT_MS } from "./runner.ts";
import {
  createSandbox,
  findTranscript,
  offlineEnv,
  parseJsonl,
  removeSandbox,
  type Sandbox,
  vigilBin,
  writeSettings,
} from "./sandbox.ts";
import { text } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";
import { vigilIn } from "./vigil-cli.ts";

const HOUR = 3_600_000;
const NUDGE = "Carry on with the ticket.";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

interface StatusRow {
  session_id: string;
  awaiting: string | null;
}

function statusOf(s: Sandbox, sessionId: string): StatusRow | undefined {
  const rows: StatusRow[] = JSON.parse(vigilIn(s, "status", "--json", "--all"));
  return rows.find((r) => r.session_id === sessionId);
}

const interrupts = (s: Sandbox) =>
  vigilEvents(s.vigilHome).filter((e) => e.kind === "interrupted").map((e) => [e.detail.source, e.detail.reason]);

/** Interrupt is 2.1.336's: with an older release in NEWEST's place (VIGIL_E2E_NEWEST) there is nothing to test. */
const interruptTest = sends(NEWEST, "Interrupt") ? test : test.skip;

interruptTest.each<["user" | "system", "session" | "system" | undefined, string | null]>([
  ["user", undefined, "interrupt"],
  ["system", "system", null],
])(
  "a headless interrupt (source %s) is recorded; only a person's leaves the session awaiting",
  async (source, interruptedBy, awaiting) => {
    const r = await runInterrupted({ version: NEWEST, hooks: "vigil", interruptedBy });
    cleanup = async () => removeSandbox(r.sandbox);
    expect(interrupts(r.sandbox)).toEqual([[source, "stop"]]);
    // No Stop fired on the interrupted turn.
    const hooks = vigilEvents(r.sandbox.vigilHome).filter((e) => e.kind === "hook").map((e) => e.detail.event);
    expect(hooks).not.toContain("Stop");
    expect(statusOf(r.sandbox, r.sessionId)?.awaiting).toBe(awaiting);
  },
  E2E_TIMEOUT_MS,
);

interruptTest(
  "Escape in the newest TUI mid-answer: Interrupt from a person, awaiting, and the watch does not nudge",
  async () => {
    const s = createSandbox();
    const fake = startFakeApi({ turns: [slowAnswer(40)], fallback: text("On it.") });
    // The watch finds panes on the default tmux server of its TMUX_TMPDIR, as it would a user's.
    const tmuxTmp = join(s.root, "tmuxtmp");
    const sockDir = join(tmuxTmp, `tmux-${process.getuid?.() ?? 0}`);
    mkdirSync(sockDir, { recursive: true, mode: 0o700 });
    seedClaudeJson(s.home, s.cwd);
    writeSettings(s, NEWEST, "vigil", { skipDangerousModePermissionPrompt: true });
    const env = offlineEnv(s, fake.url, { TERM: "xterm-256color", VIGIL_ROLE: "worker" });
    const pane: Pane = startPane({
      socket: join(sockDir, "default"),
      cwd: s.cwd,
      env,
      argv: [...claudeCommand(NEWEST), "--dangerously-skip-permissions"],
    });
    cleanup = async () => {
      await pane.stop();
      fake.stop();
      removeSandbox(s);
    };
    const deadline = Date.now() + 60_000;
    await pane.waitFor((x) => TUI_READY.test(x), deadline);
    await pane.type("tell me a long story", deadline);
    await pane.waitFor((x) => x.includes("part3"), deadline);
    pane.key("Escape");
    await pane.waitFor(() => {
      try {
        return interrupts(s).length > 0;
      } catch {
        return false; // the hook holds the store's write lock this moment
      }
    }, deadline);
    expect(interrupts(s)).toEqual([["user", "stop"]]);
    const sessionId = String(vigilEvents(s.vigilHome).find((e) => e.kind === "interrupted")?.session_id);
    expect(statusOf(s, sessionId)?.awaiting).toBe("interrupt");
    // The transcript's record of Escape mid-answer names the cancelled answer
    // (`interruptedMessageId`, observed on 2.1.337), which the binary writes instead of the mark
    // of a person's interrupt (`interruptedByCancel`): a person's stop with no mark, so the Stop
    // facts count every interrupt record (docs/claude-code-versions.md section 11). The CLI writes
    // that record (and the cancelled answer before it) after the Interrupt hook has run, so it is
    // waited for, to the same deadline; a CLI that never writes it fails here.
    const notesIn = () => {
      const path = findTranscript(s, sessionId);
      return (path === null ? [] : parseJsonl(readFileSync(path, "utf8")))
        .filter((r) => r.type === "user" && JSON.stringify(r.message ?? "").includes("[Request interrupted"));
    };
    await pane.waitFor(() => notesIn().length > 0, deadline);
    const notes = notesIn();
    expect(notes.map((r) => [r.interruptedByCancel ?? null, typeof r.interruptedMessageId])).toEqual([[
      null,
      "string",
    ]]);

    // Two hours of quiet later, by the watch's clock: a stalled worker would be nudged (the inbox
    // nudge test shows it on this same set-up); one that awaits a person is left alone.
    writeFileSync(join(s.vigilHome, "config.toml"), `nudge_text = "${NUDGE}"\nrecover_outside_night = true\n`);
    const watch = Bun.spawnSync([vigilBin(), "watch", "--once"], {
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: s.home,
        VIGIL_HOME: s.vigilHome,
        TZ: "UTC",
        NO_COLOR: "1",
        TMUX_TMPDIR: tmuxTmp,
        VIGIL_NOW: String(Date.now() + 2 * HOUR),
      },
    });
    expect({ code: watch.exitCode, stderr: watch.stderr.toString() }).toEqual({ code: 0, stderr: "" });
    const nudged = vigilEvents(s.vigilHome).filter((e) => e.kind === "nudge" && e.detail.ok === true);
    expect(nudged).toEqual([]);
    await Bun.sleep(2_000);
    expect(fake.requests.some((q) => lastUserText(q).includes(NUDGE))).toBe(false);
    expect(statusOf(s, sessionId)?.awaiting).toBe("interrupt");
  },
  E2E_TIMEOUT_MS * 2,
);
