/**
 * The pane the e2e tests and `vigil doctor --prove` drive a real TUI in (src/prove/tmux-pane.ts): `type` presses Enter
 * only once the program has drawn the text, however long that takes. 2.1.88 starting under load (round 17's CI) took
 * over 3 s to draw "build it"; an Enter sent after a fixed 3 s reached it in the same read as the text, and the line
 * sat unsent in its input box (test/e2e/vigil-stop-failure.e2e.test.ts).
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Pane, startPane } from "../../src/prove/tmux-pane.ts";

const dir = mkdtempSync(join(tmpdir(), "vigil-pane-"));
const panes: Pane[] = [];
afterAll(async () => {
  for (const p of panes) await p.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw-mode program that draws "ready", then reads nothing for `quietMs` (a busy TUI), then logs and echoes each read. */
function slowReader(name: string, quietMs: number): { pane: Pane; chunks: () => string[] } {
  const log = join(dir, `${name}.jsonl`);
  const script = join(dir, `${name}.ts`);
  writeFileSync(
    script,
    `import { appendFileSync } from "node:fs";
process.stdout.write("ready\\r\\n");
await Bun.sleep(${quietMs});
process.stdin.on("data", (b) => {
  appendFileSync(${JSON.stringify(log)}, JSON.stringify(b.toString()) + "\\n");
  process.stdout.write(b.toString().replace(/\\r/g, "\\r\\n"));
});
`,
  );
  const pane = startPane({
    socket: join(dir, `${name}.sock`),
    cwd: dir,
    env: { PATH: "/usr/local/bin:/usr/bin:/bin", TERM: "xterm" },
    // stty before the reader starts: the terminal is raw (no echo of its own) from the first key
    argv: ["sh", "-c", `stty raw -echo; exec '${process.execPath}' '${script}'`],
  });
  panes.push(pane);
  const chunks = () => existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l)) : [];
  return { pane, chunks };
}

test(
  "type presses Enter only once the text is drawn, even when the program reads nothing for 4.5 s (2.1.88 under load)",
  async () => {
    const deadline = Date.now() + 60_000;
    const r = slowReader("slow", 4_500);
    await r.pane.waitFor((s) => s.includes("ready"), deadline);
    await r.pane.type("build it", deadline);
    await r.pane.waitFor(() => r.chunks().join("").includes("\r"), deadline);
    // One read with both would be a paste to a TUI: the text sits in its input box, unsent.
    expect(r.chunks()).toEqual(["build it", "\r"]);
  },
  90_000,
);

test("type throws with the screen when the text is never drawn by the deadline", async () => {
  const r = slowReader("never", 600_000);
  await r.pane.waitFor((s) => s.includes("ready"), Date.now() + 60_000);
  const err = await r.pane.type("build it", Date.now() + 1_000).then(() => null, (e: Error) => e.message);
  expect(err).toContain("the typed text was never drawn; screen:\nready");
}, 90_000);
