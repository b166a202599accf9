/**
 * The throwaway world a proof runs in: HOME (with `~/.claude`), a work dir, VIGIL_HOME and a
 * private temp dir, all under one temp dir that is removed afterwards, and the only
 * environment Claude Code gets there: PATH and the switches that keep it offline.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ProveDirs {
  root: string;
  home: string;
  /** The session's working directory (the project). */
  cwd: string;
  vigilHome: string;
  /** CLAUDE_CODE_TMPDIR and TMPDIR: task outputs and sockets stay inside the sandbox. */
  tmp: string;
}

/** Fresh dirs under the system temp dir (real path: Claude Code's transcript slug depends on it). */
export function createDirs(prefix = "vigil-prove-"): ProveDirs {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const d = {
    root,
    home: join(root, "home"),
    cwd: join(root, "work"),
    vigilHome: join(root, "vigil"),
    tmp: join(root, "tmp"),
  };
  for (const p of [d.home, join(d.home, ".claude"), d.cwd, d.vigilHome]) mkdirSync(p, { recursive: true });
  // the CLI insists on a private temp dir
  mkdirSync(d.tmp, { mode: 0o700 });
  return d;
}

/** Remove everything the sandbox holds. */
export function removeDirs(d: Pick<ProveDirs, "root">): void {
  rmSync(d.root, { recursive: true, force: true });
}

/** A loopback address where nothing listens (the discard port): every proxied request fails there. */
const DEAD_PROXY = "http://127.0.0.1:9";

/**
 * The environment for Claude Code and the hooks it starts: nothing of the caller's but `path`,
 * the switches that keep the CLI offline (contract Part A), and `extra` (which wins).
 */
export function offlineEnv(
  d: Pick<ProveDirs, "home" | "vigilHome" | "tmp">,
  apiUrl: string,
  opts: { path: string; extra?: Record<string, string> },
): Record<string, string> {
  const env: Record<string, string> = {
    PATH: opts.path,
    HOME: d.home,
    TZ: "UTC",
    NO_COLOR: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    // the TUI (2.1.88) otherwise clones the plugin marketplace from GitHub at start
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
    // Anything that still reaches for the network (a 2.1.88 run once connected out in CI, origin
    // not yet known) goes to a loopback port where nothing listens, never off the machine;
    // proxy-aware clients (Claude Code, git) then fail at once and resolve no names.
    HTTPS_PROXY: DEAD_PROXY,
    HTTP_PROXY: DEAD_PROXY,
    https_proxy: DEAD_PROXY,
    http_proxy: DEAD_PROXY,
    NO_PROXY: "127.0.0.1,localhost,::1",
    no_proxy: "127.0.0.1,localhost,::1",
    ANTHROPIC_API_KEY: "test",
    ANTHROPIC_BASE_URL: apiUrl,
    VIGIL_HOME: d.vigilHome,
    // else the CLI leaves /tmp/claude-<uid>/<slug>/ behind for every session
    CLAUDE_CODE_TMPDIR: d.tmp,
    TMPDIR: d.tmp,
  };
  // --dangerously-skip-permissions refuses to run as root without it
  if (process.getuid?.() === 0) env.IS_SANDBOX = "1";
  return { ...env, ...opts.extra };
}
