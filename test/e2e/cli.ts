/**
 * Finds the real Claude Code CLI for a version among the dependencies. 2.1.332 ships a native
 * binary in a per-platform package of `@anthropic-ai/claude-code` (the main package's
 * postinstall, which would copy it to `bin/claude.exe`, may not have run); 2.1.88 ships
 * `cli.js`, run with node; 2.1.337, newer than any `@anthropic-ai/claude-code` on npm, is the
 * `claude` at the root of the Agent SDK's per-platform package (`claude-agent-sdk-<os>-<arch>`,
 * an optionalDependency: npm installs the one matching the machine). 2.1.336, the SDK's build
 * before it, is no longer installed: its recordings stay in test/fixtures as history.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { EVENT_TABLE, type HookEventName } from "../../src/core/claude-events.ts";
import { compareVersions } from "../../src/core/install/events.ts";

/**
 * The newest Claude Code release, the one the e2e suite is pinned to: moving to a newer release
 * is this line plus its package in package.json (and `SDK_PACKAGE` when it comes from the Agent
 * SDK), and whatever its recorded differences in docs/claude-code-versions.md require.
 */
/**
 * The versions the e2e suite drives: 2.1.332 a devDependency, 2.1.88 one as `claude-code-2188`,
 * 2.1.337 an optionalDependency (`claude-agent-sdk-<platform>@0.3.337`).
 */
export type ClaudeVersion = "2.1.337" | "2.1.332" | "2.1.88";

/** The newest release of the `@anthropic-ai/claude-code` npm package (what `npm i -g` users run). */
export const NEWEST_NPM: ClaudeVersion = "2.1.332";

/**
 * `VIGIL_E2E_NEWEST=2.1.332` runs the whole suite with 2.1.332 in the newest release's place
 * (CI runs 2.1.337 and 2.1.88; the npm build is run this way by hand, and basic.e2e on every run).
 */
export const NEWEST: ClaudeVersion = process.env.VIGIL_E2E_NEWEST === NEWEST_NPM ? NEWEST_NPM : "2.1.337";

/** The old release we keep testing. */
export const OLDEST: ClaudeVersion = "2.1.88";

/** Every version the suite drives, newest first. */
export const ALL_VERSIONS: readonly ClaudeVersion[] = [NEWEST, NEWEST_NPM, OLDEST];

/** The Agent SDK package version whose platform package carries a Claude Code version. */
const SDK_PACKAGE: Partial<Record<ClaudeVersion, string>> = { "2.1.337": "0.3.337" };

/** The repository root (test/e2e/../..). */
export const REPO_ROOT = resolve(import.meta.dir, "..", "..");
const MODULES = join(REPO_ROOT, "node_modules");

function versionOf(dir: string): string | null {
  try {
    const pkg: unknown = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    return typeof pkg === "object" && pkg !== null && "version" in pkg && typeof pkg.version === "string"
      ? pkg.version
      : null;
  } catch {
    return null;
  }
}

/** Package dirs that may hold Claude Code: the package itself and npm aliases such as claude-code-2188. */
function packageDirs(): string[] {
  const scoped = join(MODULES, "@anthropic-ai");
  const inScope = existsSync(scoped) ? readdirSync(scoped).map((n) => join(scoped, n)) : [];
  const aliases = readdirSync(MODULES).filter((n) => n.startsWith("claude-code")).map((n) => join(MODULES, n));
  return [...inScope, ...aliases];
}

/** A real executable, not the small placeholder the package ships before postinstall. */
function isNative(file: string): boolean {
  return existsSync(file) && statSync(file).size > 1_000_000;
}

function platformNames(pkg: "claude-code" | "claude-agent-sdk"): string[] {
  const os = process.platform === "win32" ? "win32" : process.platform;
  const base = `${pkg}-${os}-${process.arch}`;
  return os === "linux" ? [base, `${base}-musl`] : [base];
}

/**
 * The argv prefix that starts Claude Code `version`, e.g. `["/…/claude"]` or
 * `["node", "/…/cli.js"]`. Throws with what was searched when it is not installed.
 */
export function claudeCommand(version: ClaudeVersion): string[] {
  const dirs = packageDirs().filter((d) => versionOf(d) === version);
  for (const dir of dirs) {
    const cli = join(dir, "cli.js");
    if (existsSync(cli)) return [Bun.which("node") ?? "node", cli];
  }
  const sdk = SDK_PACKAGE[version];
  const platform = sdk === undefined
    ? platformNames("claude-code").map((name) => ({ name, want: version }))
    : platformNames("claude-agent-sdk").map((name) => ({ name, want: sdk }));
  for (const { name, want } of platform) {
    const bin = join(MODULES, "@anthropic-ai", name, "claude");
    if (versionOf(join(MODULES, "@anthropic-ai", name)) === want && isNative(bin)) return [bin];
  }
  for (const dir of dirs) {
    for (const bin of [join(dir, "bin", "claude.exe"), join(dir, "bin", "claude")]) {
      if (isNative(bin)) return [bin];
    }
  }
  throw new Error(`Claude Code "${version}" not found under "${MODULES}" (run npm install)`);
}

/**
 * Whether `version` sends `event` (its row's `since` in the event table): a test of an event a
 * version does not have is skipped on it, so the suite can run with any version in NEWEST's place.
 */
export function sends(version: ClaudeVersion, event: HookEventName): boolean {
  return compareVersions(version, EVENT_TABLE[event].since) >= 0;
}
