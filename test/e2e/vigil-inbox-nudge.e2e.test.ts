/**
 * A stalled, idle Claude Code 2.1.332 TUI (real, under tmux, offline, bypassing permission
 * prompts, a worker past SOFT) is nudged by `vigil watch --once`: through its inbox socket when
 * the registry lists one, by typing into its pane when it does not. Either way the nudge starts a
 * turn (the fake API gets the request), vigil's own SOFT guard passes it, and the audit log has
 * the nudge and its receipt (the first transcript record after it).
 */
import { afterEach, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeApi } from "../../src/prove/fake-api/server.ts";
import { type Pane, seedClaudeJson, startPane, TUI_READY } from "../../src/prove/tmux-pane.ts";
import { allText, lastUserText } from "./api-request.ts";
import { claudeCommand, NEWEST } from "./cli.ts";
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
import { contextOf, text } from "./scenario.ts";
import { type VigilEvent, vigilEvents } from "./vigil-db.ts";

const NUDGE = "Carry on with the ticket.";
const MARKED = `[vigil nudge] ${NUDGE}`;
const HOUR = 3_600_000;

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

interface Live {
  s: Sandbox;
  pane: Pane;
  fake: ReturnType<typeof startFakeApi>;
  tmuxTmp: string;
  tmux: (...args: string[]) => string;
  registryFile: string;
}

/** An idle worker past SOFT in a TUI whose tmux server is the default one under `TMUX_TMPDIR`. */
async function idleWorker(): Promise<Live> {
  const s = createSandbox();
  const fake = startFakeApi({ turns: [text("Ready for the next step.", contextOf(50_000))], fallback: text("On it.") });
  // vigil finds the pane on the default server of its TMUX_TMPDIR, as it would a user's.
  const tmuxTmp = join(s.root, "tmuxtmp");
  const sockDir = join(tmuxTmp, `tmux-${process.getuid?.() ?? 0}`);
  mkdirSync(sockDir, { recursive: true, mode: 0o700 });
  const socket = join(sockDir, "default");
  const tmux = (...args: string[]) => {
    const p = Bun.spawnSync(["tmux", "-S", socket, ...args], { stdout: "pipe", stderr: "pipe" });
    return p.stdout.toString().trim();
  };
  seedClaudeJson(s.home, s.cwd);
  // Work is left (an open checklist line): a worker that reported and has nothing left is not
  // nudged (the progress breaker over nudges), this one is.
  writeFileSync(join(s.cwd, "TODO.md"), "- [x] start the ticket\n- [ ] wire the exporter\n");
  writeSettings(s, NEWEST, "vigil", { skipDangerousModePermissionPrompt: true });
  const env = offlineEnv(s, fake.url, { TERM: "xterm-256color", VIGIL_ROLE: "worker", VIGIL_SOFT_TOKENS: "20000" });
  const argv = [...claudeCommand(NEWEST), "--dangerously-skip-permissions"];
  const pane = startPane({ socket, cwd: s.cwd, env, argv });
  cleanup = async () => {
    await pane.stop();
    fake.stop();
    removeSandbox(s);
  };
  const deadline = Date.now() + 45_000;
  await pane.waitFor((x) => TUI_READY.test(x), deadline);
  await pane.type("start the ticket", deadline);
  await pane.waitFor((x) => x.includes("Ready for the next step."), deadline);
  const registryFile = join(s.home, ".claude", "sessions", `${pane.pid}.json`);
  // Idle once the registry says so (the turn's Stop hooks have run).
  await pane.waitFor(() => JSON.parse(readFileSync(registryFile, "utf8")).status === "idle", deadline);
  writeFileSync(
    join(s.vigilHome, "config.toml"),
    `nudge_text = "${NUDGE}"\nrecover_outside_night = true\n`,
  );
  return { s, pane, fake, tmuxTmp, tmux, registryFile };
}

/** One watch pass two hours from now by vigil's clock: the session has been quiet that long. */
function watchOnce(l: Live): { code: number; stdout: string; stderr: string } {
  const p = Bun.spawnSync([vigilBin(), "watch", "--once"], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: l.s.home,
      VIGIL_HOME: l.s.vigilHome,
      TZ: "UTC",
      NO_COLOR: "1",
      TMUX_TMPDIR: l.tmuxTmp,
      VIGIL_NOW: String(Date.now() + 2 * HOUR),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

const kind = (events: VigilEvent[], k: string) => events.filter((e) => e.kind === k);

/** What both paths must show once the nudge went out by `via`. */
async function expectWoken(l: Live, via: "inbox" | "tmux"): Promise<void> {
  const deadline = Date.now() + 30_000;
  await l.pane.waitFor(() => l.fake.requests.some((q) => lastUserText(q).includes(MARKED)), deadline);
  await l.pane.waitFor((x) => x.includes("On it."), deadline);
  const events = vigilEvents(l.s.vigilHome);
  const nudges = kind(events, "nudge");
  expect(nudges.map((e) => [e.detail.ok, e.detail.via])).toEqual([[true, via]]);
  const receipts = kind(events, "nudge_receipt");
  expect(receipts.map((e) => e.detail.via)).toEqual([via]);
  const { sentAt, firstRecordAt } = receipts[0].detail;
  expect(typeof sentAt === "number" && typeof firstRecordAt === "number" && firstRecordAt >= sentAt).toBe(true);
  // The turn it started went through vigil's SOFT guard, which passed it as vigil's own text.
  const guards = kind(events, "guard").filter((e) => e.detail.event === "UserPromptSubmit");
  expect(guards.at(-1)?.detail).toMatchObject({ decision: "pass", state: "soft", envelope: "vigil-nudge" });
  // The transcript got the prompt as a user record after the nudge went out.
  const sessionId = String(nudges[0].session_id);
  const path = findTranscript(l.s, sessionId);
  const users = parseJsonl(path === null ? "" : readFileSync(path, "utf8"))
    .filter((r) => r.type === "user" && JSON.stringify(r.message).includes("[vigil nudge]"));
  expect(users.length).toBe(1);
  expect(Date.parse(String(users[0].timestamp))).toBeGreaterThanOrEqual(Number(sentAt));
}

test("a stalled idle session is nudged through its inbox socket: a turn starts, the receipt is logged", async () => {
  const l = await idleWorker();
  expect(JSON.parse(readFileSync(l.registryFile, "utf8")).messagingSocketPath).toBeString();
  const r = watchOnce(l);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  await expectWoken(l, "inbox");
  const nudge = kind(vigilEvents(l.s.vigilHome), "nudge")[0];
  expect(nudge.detail.inbox).toBe("delivered");
  // Claude Code showed it as a peer message, not a held one waiting for a person.
  expect(l.pane.capture()).not.toContain("Held message");
  const req = l.fake.requests.find((q) => lastUserText(q).includes(MARKED));
  expect(req === undefined ? "" : allText(req)).toContain("Another Claude session sent a message");
}, E2E_TIMEOUT_MS * 2);

test("without a socket in the registry the nudge is typed into the session's pane", async () => {
  const l = await idleWorker();
  const entry = JSON.parse(readFileSync(l.registryFile, "utf8"));
  delete entry.messagingSocketPath;
  entry.tmux = `pane:${l.tmux("display-message", "-p", "-t", "pane", "#{window_id}.#{pane_id}")}`;
  writeFileSync(l.registryFile, JSON.stringify(entry));
  const r = watchOnce(l);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  await expectWoken(l, "tmux");
  expect(kind(vigilEvents(l.s.vigilHome), "nudge")[0].detail.inbox).toBe("none");
  expect(readdirSync(join(l.s.home, ".claude", "sessions")).some((f) => f.endsWith(".key"))).toBe(true);
}, E2E_TIMEOUT_MS * 2);
