/** A private tmux server for tests (`-L vigil-test-<rand>`, no config file), so no test touches a user's tmux. */
import { rmSync } from "node:fs";
import type { TmuxOptions } from "../../src/edge/tmux.ts";

export interface PrivateTmux {
  opts: TmuxOptions;
  /** Run tmux on the private socket; throws on failure. */
  run(...args: string[]): string;
  kill(): void;
}

/** Start a server whose global environment is `env` (panes inherit it). */
export function privateTmux(env: Record<string, string>): PrivateTmux {
  const socket = `vigil-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const run = (...args: string[]) => {
    const r = Bun.spawnSync(["tmux", "-L", socket, "-f", "/dev/null", ...args], { env });
    if (r.exitCode !== 0) throw new Error(`tmux ${args.join(" ")}: ${r.stderr.toString()}`);
    return r.stdout.toString().trim();
  };
  run("new-session", "-d", "-s", "base", "-x", "200", "-y", "50", "sh");
  const path = run("display-message", "-p", "#{socket_path}");
  return {
    opts: { socket },
    run,
    kill: () => {
      Bun.spawnSync(["tmux", "-L", socket, "kill-server"]);
      rmSync(path, { force: true });
    },
  };
}

/** Wait until `check` returns a value (polling; the caller's test timeout bounds it). */
export async function eventually<T>(check: () => T | null | undefined, tries = 400): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = check();
    if (v !== null && v !== undefined) return v;
    await Bun.sleep(25);
  }
  throw new Error("condition never held");
}
