import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { echoCount, findPaneForPid, inputBox, listPanes, paneInfo, sendLine } from "../../src/edge/tmux.ts";
import { eventually, privateTmux } from "./private-tmux.ts";

const tm = privateTmux({ PATH: "/usr/local/bin:/usr/bin:/bin", TERM: "xterm" });
afterAll(() => tm.kill());
const children = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ").filter(Boolean).map(Number);

test.if(process.platform === "linux")("a pid deep in a pane's process tree finds that pane", async () => {
  // sh stays as the pane's process (a trailing command stops it exec-ing sleep directly).
  const pane = tm.run("new-window", "-P", "-F", "#{pane_id}", "-n", "odd name", "sh -c 'sleep 300; true'");
  const panePid = Number(tm.run("display-message", "-p", "-t", pane, "#{pane_pid}"));
  const sleepPid = await eventually(() => children(panePid)[0]);
  const hit = await findPaneForPid(sleepPid, tm.opts);
  expect([hit?.paneId, hit?.panePid, hit?.session]).toEqual([pane, panePid, "base"]);
  expect(await findPaneForPid(process.pid, tm.opts)).toBeNull();
});

// A session backgrounded or suspended under a person's shell (job control on) is in the pane's tree, but what is typed
// there reaches the shell: the watch once nudged such a stall into it (text and Enter).
test.if(process.platform === "linux")(
  "a pid backgrounded under a pane's shell finds no pane to type into",
  async () => {
    const dir = mkdtempSync(join(tmpdir(), "vigil-tmux-bg-"));
    try {
      const pidFile = join(dir, "bg.pid");
      tm.run("new-window", "-d", "sh -c 'set -m; sleep 300 & echo $! > " + pidFile + "; exec cat'");
      const bg = await eventually(() =>
        existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").trim()) || null : null
      );
      expect(await findPaneForPid(bg, tm.opts)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test("listPanes and paneInfo agree; a session name with spaces and bars survives", async () => {
  tm.run("new-session", "-d", "-s", "odd|session name", "sh");
  const panes = await listPanes(tm.opts);
  const mine = panes.find((p) => p.session === "odd|session name");
  expect(mine?.command).toBe("sh");
  expect(await paneInfo(mine!.paneId, tm.opts)).toEqual(mine!);
  expect(await paneInfo("%99999", tm.opts)).toBeNull();
});

test("no server: no panes, no throw", async () => {
  expect(await listPanes({ socket: `vigil-test-none-${process.pid}` })).toEqual([]);
});

test("sendLine to a missing pane reports the tmux error", async () => {
  const r = await sendLine("%99999", "x", tm.opts);
  expect(r.code).not.toBe(0);
});

/**
 * A raw-mode reader that is slow to start, as a busy TUI is: it logs each read and echoes it (or, with `echo` off, takes
 * the keys without drawing them, as a dialog or menu does).
 */
function slowReader(dir: string, startMs = 800, echo = true): { argv: string; chunks: () => string[] } {
  const log = join(dir, "chunks.jsonl");
  const script = join(dir, "reader.ts");
  writeFileSync(
    script,
    `import { appendFileSync } from "node:fs";
process.stdout.write("ready\\r\\n");
await Bun.sleep(${startMs});
process.stdin.on("data", (b) => {
  appendFileSync(${JSON.stringify(log)}, JSON.stringify(b.toString()) + "\\n");
  if (${echo}) process.stdout.write(b.toString().replace(/\\r/g, "\\r\\n"));
});
`,
  );
  const chunks = () => existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l)) : [];
  // stty before the reader starts: the terminal is raw (no echo of its own) from the first key
  return { argv: `stty raw -echo; exec '${process.execPath}' '${script}'`, chunks };
}

async function readerPane(dir: string, startMs?: number, echo?: boolean) {
  const r = slowReader(dir, startMs, echo);
  const pane = tm.run("new-window", "-P", "-F", "#{pane_id}", r.argv);
  // typed before stty ran, the terminal itself would echo and join the text and the CR
  await eventually(() => tm.run("capture-pane", "-p", "-t", pane).includes("ready") || null);
  return { pane, chunks: r.chunks };
}

// 2.1.88 starting under load took 3.2–4.5 s to draw a typed line; Enter after a fixed 3 s joined it into a paste.
for (const startMs of [800, 4_500]) {
  test(
    `sendLine presses Enter only once the text is drawn (reader starts after ${startMs} ms), so it is no paste`,
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "vigil-sendline-"));
      try {
        const r = await readerPane(dir, startMs);
        const out = await sendLine(r.pane, "please go on with the ticket", tm.opts);
        expect(out).toMatchObject({ code: 0 });
        const chunks = await eventually(() => r.chunks().join("").includes("\r") ? r.chunks() : null);
        expect(chunks).toEqual(["please go on with the ticket", "\r"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );
}

test("sendLine does not press Enter into a program that never draws the text, and says so", async () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-sendline-"));
  try {
    const r = await readerPane(dir, 0, false);
    const out = await sendLine(r.pane, "please go on with the ticket", tm.opts, 1_000);
    expect(out.code).toBe(1);
    expect(out.stderr).toBe(`the typed text was not drawn in pane ${r.pane} within 1 s; Enter not pressed`);
    // the keys did arrive (a dialog would have taken them); no Enter followed them
    await eventually(() => r.chunks().length > 0 || null);
    await Bun.sleep(300);
    expect(r.chunks().join("")).toBe("please go on with the ticket");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

test("echoCount finds typed text however the screen wraps it, and only its own tail", () => {
  const text = "please go on with the ticket you were working on";
  expect(echoCount("", text)).toBe(0);
  expect(echoCount("❯ please go on with the ticket you\n  were working on\n", text)).toBe(1);
  expect(echoCount("❯ please go on with the ticket you were\n", text)).toBe(0);
  expect(echoCount(`> ${text}\n❯ ${text}`, text)).toBe(2);
  expect(echoCount("anything", "   ")).toBe(0);
});

describe("inputBox reads Claude Code's input box from a styled capture (as 2.1.337, 2.1.332 and 2.1.88 draw it)", () => {
  const rule = "─".repeat(40);
  const INV = "\x1b[7m", DIM = "\x1b[2m", OFF = "\x1b[0m";
  const screen = (...box: string[]) =>
    ["❯ an earlier prompt", "● an answer", rule, ...box, rule, "  ? for shortcuts"].join("\n");

  test("an empty box, the caret alone in it", () => {
    expect(inputBox(screen(`❯\u00a0${INV} ${OFF}`))).toEqual({ text: "", rows: 1, caretAtEnd: true });
  });

  test("typed text with the caret after it, whether tmux kept the caret's blank cell or trimmed it", () => {
    const want = { text: "go on please", rows: 1, caretAtEnd: true };
    expect(inputBox(screen(`❯\u00a0go on please${INV} ${OFF}\x1b[39m\x1b[49m`))).toEqual(want);
    expect(inputBox(screen(`❯\u00a0go on please${INV}`))).toEqual(want);
  });

  test("the caret inside the text: typing would not append there", () => {
    expect(inputBox(screen(`❯\u00a0go on pl${INV}e${OFF}ase`))).toEqual({
      text: "go on please",
      rows: 1,
      caretAtEnd: false,
    });
  });

  test("wrapped rows, indented by two spaces", () => {
    expect(inputBox(screen("❯\u00a0first row of a long", `  second row${INV} ${OFF}`))).toEqual({
      text: "first row of a long\nsecond row",
      rows: 2,
      caretAtEnd: true,
    });
  });

  test("a placeholder (inverse first letter, the rest dim) is not text; dim text after typed text is left out", () => {
    expect(inputBox(screen(`❯\u00a0${INV}T${OFF}${DIM}ry "fix the failing test"${OFF}`))?.text).toBe("");
    expect(inputBox(screen(`❯\u00a0run it${INV} ${OFF}${DIM}and more${OFF}`))?.text).toBe("run it");
  });

  test("a truecolour foreground (38;2;r;g;b) is not dim", () => {
    expect(inputBox(screen(`❯\u00a0\x1b[38;2;200;100;50m!ls -la${OFF}${INV} ${OFF}`))?.text).toBe("!ls -la");
  });

  test("no box: a dialog or menu in its place, past prompts only, or a box cut off by the screen's end", () => {
    const dialog = [rule, " Bash command", " Do you want to proceed?", " ❯ 1. Yes", "   2. No", " Esc to cancel"];
    expect(inputBox(["❯ an earlier prompt", ...dialog].join("\n"))).toBeNull();
    expect(inputBox(["❯ an earlier prompt", "● an answer"].join("\n"))).toBeNull();
    expect(inputBox([rule, "❯ typed with a plain space", rule].join("\n"))).toBeNull();
    expect(inputBox([rule, "❯\u00a0half drawn"].join("\n"))).toBeNull();
  });
});
