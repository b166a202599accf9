/**
 * The watch's tmux nudge (src/edge/restart.ts `nudge`, src/edge/tmux.ts `sendPrompt`) into the real Claude Code TUI
 * (2.1.337 and 2.1.88): what an earlier send left in the input box is cleared before the nudge is typed (gap
 * D1: it was sent joined to the next one), a person's draft is never typed into, and a menu in the box's place gets no
 * keys (the /resume picker draws typed text in its search field, so an echo there proved nothing, and Enter would
 * resume what the search found), nor does a permission dialog; Ctrl+U on copies left during a running turn does not
 * interrupt it.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { lastUserText } from "./api-request.ts";
import { claudeCommand, type ClaudeVersion, NEWEST, OLDEST } from "./cli.ts";
import { E2E_TIMEOUT_MS } from "./runner.ts";
import { createSandbox, offlineEnv, removeSandbox, writeSettings } from "./sandbox.ts";
import { slowAnswer } from "./interrupt.ts";
import { bash, type Reply, text } from "./scenario.ts";
import { startFakeApi } from "../../src/prove/fake-api/server.ts";
import { seedClaudeJson, startPane, TUI_READY } from "../../src/prove/tmux-pane.ts";
import { nudge } from "../../src/edge/restart.ts";

const NUDGE = "[vigil nudge] carry on with the work you announced, and note what you did in the ticket as you go";

interface Tui {
  tmux: { socketPath: string };
  keys: (...k: string[]) => void;
  /** Type a prompt and press Enter once the TUI drew it (the e2e pane's own typing). */
  type: (text: string) => Promise<void>;
  screen: () => string;
  prompts: () => string[];
}

/**
 * The TUI at `width` columns in a private tmux server, its input box up; `run` gets the pane and what the API got.
 * `manual`: the TUI asks before each tool call (defaultMode "default", no --dangerously-skip-permissions).
 */
async function withTui(
  version: ClaudeVersion,
  o: { width: number; turns?: Reply[]; manual?: boolean },
  run: (t: Tui) => Promise<void>,
): Promise<void> {
  const sandbox = createSandbox();
  const fake = startFakeApi({ turns: o.turns ?? [], fallback: text("Noted.") });
  const socket = join(sandbox.root, "tmux.sock");
  seedClaudeJson(sandbox.home, sandbox.cwd);
  const settings = o.manual ? { permissions: { defaultMode: "default" } } : { skipDangerousModePermissionPrompt: true };
  writeSettings(sandbox, version, "none", settings);
  const env = offlineEnv(sandbox, fake.url, { TERM: "xterm-256color" });
  const argv = [...claudeCommand(version), ...(o.manual ? [] : ["--dangerously-skip-permissions"])];
  const pane = startPane({ socket, cwd: sandbox.cwd, env, argv, width: o.width, height: 30 });
  try {
    const AUTO_OFFER = /Make auto mode your default permission mode\?/;
    const first = await pane.waitFor((s) => TUI_READY.test(s) || AUTO_OFFER.test(s), Date.now() + 45_000);
    // 2.1.332 and 2.1.337 offer auto mode once to a manual-mode user: keep manual mode
    if (AUTO_OFFER.test(first)) {
      pane.key("Down");
      await pane.waitFor((s) => /❯ No, keep manual mode/.test(s), Date.now() + 10_000);
      pane.key("Enter");
      await pane.waitFor((s) => TUI_READY.test(s), Date.now() + 45_000);
    }
    await run({
      tmux: { socketPath: socket },
      keys: (...k) => Bun.spawnSync(["tmux", "-S", socket, "send-keys", "-t", "pane", ...k]),
      type: (line) => pane.type(line, Date.now() + 20_000),
      screen: () => pane.capture(),
      prompts: () => fake.requests.filter((r) => r.kind === "main").map(lastUserText),
    });
  } finally {
    await pane.stop();
    fake.stop();
    removeSandbox(sandbox);
  }
}

async function until<T>(what: string, f: () => T | null | false, screen: () => string): Promise<T> {
  for (const end = Date.now() + 20_000; Date.now() < end; await Bun.sleep(100)) {
    const v = f();
    if (v !== null && v !== false) return v;
  }
  throw new Error(`${what} never held; screen:\n${screen()}`);
}

const flat = (s: string) => s.replace(/\s+/g, "");
const copies = (s: string) => flat(s).split(flat(NUDGE)).length - 1;

// The extremes, as the suite's other files (README); 2.1.332 passed all five too (VIGIL_E2E_NEWEST=2.1.332 runs it).
for (const version of [NEWEST, OLDEST]) {
  test(`${version}: a nudge clears what earlier sends left in the box (drawn late), then goes once`, async () => {
    await withTui(version, { width: 80 }, async (t) => {
      // Two earlier sends whose text the TUI drew after sendLine gave up: three rows at 80 columns.
      t.keys("-l", NUDGE);
      t.keys("-l", NUDGE);
      await until("both copies drawn", () => copies(t.screen()) === 2, t.screen);
      expect(await nudge("pane", NUDGE, { tmux: t.tmux })).toEqual({ ok: true, error: null });
      const sent = await until("the prompt reached the API", () => t.prompts().at(-1) ?? null, t.screen);
      expect(copies(sent)).toBe(1);
      expect(t.prompts()).toHaveLength(1);
    });
  }, E2E_TIMEOUT_MS);

  test(`${version}: a nudge never types into a person's draft, and the draft stays as it was`, async () => {
    await withTui(version, { width: 120 }, async (t) => {
      t.keys("-l", "what about the flaky test on");
      await until("the draft drawn", () => t.screen().includes("what about the flaky test on"), t.screen);
      const r = await nudge("pane", NUDGE, { tmux: t.tmux });
      expect(r.ok).toBe(false);
      expect(r.error).toContain("holds text vigil did not type");
      await Bun.sleep(500);
      expect(t.screen()).toContain("❯\u00a0what about the flaky test on"); // the box's prompt and a no-break space
      expect(copies(t.screen())).toBe(0);
      expect(t.prompts()).toEqual([]);
    });
  }, E2E_TIMEOUT_MS);

  // 2.1.88 sent "/resume" to the model in this sandbox (no picker): its /model picker stands in.
  const menu = version === OLDEST ? { command: "/model", shows: /Select model/ } : {
    command: "/resume",
    shows: /Resume session/,
  };
  test(`${version}: the ${menu.command} picker in the box's place gets no keys`, async () => {
    await withTui(version, { width: 120 }, async (t) => {
      t.keys("-l", menu.command);
      await until("the command drawn", () => t.screen().includes(menu.command), t.screen);
      t.keys("Enter");
      await until("the picker open", () => menu.shows.test(t.screen()), t.screen);
      const r = await nudge("pane", NUDGE, { tmux: t.tmux, waitMs: 1_500 });
      expect(r.ok).toBe(false);
      expect(r.error).toContain("no input box");
      await Bun.sleep(500);
      expect(t.screen()).not.toContain("carry on with the work");
      expect(t.prompts()).toEqual([]);
    });
  }, E2E_TIMEOUT_MS);

  test(
    `${version}: copies left in the box while a turn runs are cleared without interrupting it; the nudge queues once`,
    async () => {
      await withTui(version, { width: 120, turns: [slowAnswer(8)] }, async (t) => {
        await t.type("tell me the long story");
        await until("the answer streaming", () => t.screen().includes("part3 "), t.screen);
        t.keys("-l", NUDGE);
        await until("the copy drawn", () => copies(t.screen()) === 1, t.screen);
        expect(await nudge("pane", NUDGE, { tmux: t.tmux })).toEqual({ ok: true, error: null });
        // the story ends in full (32 pieces), then the queued nudge goes as the next prompt, once
        const sent = await until("the nudge reached the API", () => t.prompts()[1] ?? null, t.screen);
        expect(copies(sent)).toBe(1);
        expect(t.screen()).toContain("part31");
        expect(t.screen()).not.toContain("Interrupted");
      });
    },
    E2E_TIMEOUT_MS,
  );

  test(`${version}: a permission dialog in the box's place gets no keys, and the record says so`, async () => {
    await withTui(version, { width: 120, turns: [bash("echo hi > out.txt")], manual: true }, async (t) => {
      await t.type("write the file");
      await until("the dialog open", () => t.screen().includes("Do you want to proceed?"), t.screen);
      const r = await nudge("pane", NUDGE, { tmux: t.tmux, waitMs: 1_500 });
      expect(r.ok).toBe(false);
      expect(r.error).toStartWith("no input box in pane pane within 2 s");
      t.keys("Escape");
      await until("the box back", () => /❯\u00a0/.test(t.screen()), t.screen);
      expect(copies(t.screen())).toBe(0);
      expect(t.prompts()).toHaveLength(1);
    });
  }, E2E_TIMEOUT_MS);
}
