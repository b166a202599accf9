import { afterAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { findPaneForPid, listPanes, paneInfo, sendLine } from "../../src/edge/tmux.ts";
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
