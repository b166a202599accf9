import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_CONFIG } from "../../src/core/config.ts";
import { openStore } from "../../src/edge/store.ts";
import { nightDeps } from "../../src/night/mode.ts";
import { eventually, privateTmux } from "../edge/private-tmux.ts";

const tm = privateTmux({ PATH: "/usr/local/bin:/usr/bin:/bin", TERM: "xterm" });
const dir = mkdtempSync(join(tmpdir(), "vigil-night-mode-"));
afterAll(() => {
  tm.kill();
  rmSync(dir, { recursive: true, force: true });
});

// `night on` learns the panes of sessions whose registry entry names none; a later nudge types there. A session a
// person backgrounded under a shell (job control on) is in that pane's tree, but typing there reaches the shell.
test.if(process.platform === "linux")(
  "night on's pane lookup skips a session that is not its terminal's foreground",
  async () => {
    const fgPane = tm.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sleep 300");
    const fgPid = Number(tm.run("display-message", "-p", "-t", fgPane, "#{pane_pid}"));
    const pidFile = join(dir, "bg.pid");
    tm.run("new-window", "-d", "sh -c 'set -m; sleep 300 & echo $! > " + pidFile + "; exec cat'");
    const bgPid = await eventually(() =>
      existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").trim()) || null : null
    );
    const socket = tm.run("display-message", "-p", "#{socket_path}");
    const store = openStore(join(dir, "vigil.db"));
    try {
      const env = { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: dir, TMUX: `${socket},0,0` };
      const panes = await nightDeps(store, DEFAULT_CONFIG, { env, now: () => Date.now() }).panes([fgPid, bgPid]);
      expect([...panes]).toEqual([[fgPid, fgPane]]);
    } finally {
      store.close();
    }
  },
);
