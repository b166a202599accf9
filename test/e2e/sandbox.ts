/**
 * The throwaway world one e2e session lives in: HOME (with `~/.claude`), a work dir, VIGIL_HOME
 * and the recorder's dir, all under one temp dir; the scrubbed offline environment; the hook
 * registration; and readers for what the session left behind.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { offlineEnv as proveEnv } from "../../src/prove/sandbox.ts";
import { type ClaudeVersion, REPO_ROOT } from "./cli.ts";
import { isRecord } from "./api-request.ts";
import type { HookRecord, HookRule, RecorderConfig } from "./recorder-rules.ts";
import { buildSettings, type HookCommands, shellQuote, vigilEvents } from "./settings.ts";

export interface Sandbox {
  root: string;
  home: string;
  /** The session's working directory (the project). */
  cwd: string;
  vigilHome: string;
  /** Where the recorder hook writes `hooks.jsonl` and reads `rules.json`. */
  recordDir: string;
  /** CLAUDE_CODE_TMPDIR and TMPDIR: task outputs and sockets stay inside the sandbox. */
  tmp: string;
}

/**
 * Who answers hooks: vigil's binary (default), the recorder with its rules, or nobody;
 * `installed` leaves `~/.claude/settings.json` as the test wrote it (e.g. by `vigil install`).
 */
export type HookMode = "vigil" | "none" | "installed" | { recorder: Partial<RecorderConfig> };

/** Recorder mode with these rules (and optionally the statusLine text). */
export function recorder(rules: HookRule[] = [], statusLine?: string): HookMode {
  return { recorder: statusLine === undefined ? { rules } : { rules, statusLine } };
}

/** A fresh sandbox under the system temp dir (real path: the transcript slug depends on it). */
export function createSandbox(): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "vigil-e2e-")));
  const s = {
    root,
    home: join(root, "home"),
    cwd: join(root, "work"),
    vigilHome: join(root, "vigil"),
    recordDir: join(root, "record"),
    tmp: join(root, "tmp"),
  };
  for (const d of [s.home, join(s.home, ".claude"), s.cwd, s.vigilHome, s.recordDir]) mkdirSync(d, { recursive: true });
  // the CLI insists on a private temp dir
  mkdirSync(s.tmp, { mode: 0o700 });
  return s;
}

/** Remove everything the session wrote. */
export function removeSandbox(s: Sandbox): void {
  rmSync(s.root, { recursive: true, force: true });
}

/**
 * The only environment Claude Code gets: nothing from the test process but PATH, the switches
 * that keep it offline, and `extra` (which may override any of them): the product's own
 * (`vigil doctor --prove` runs the CLI the same way).
 */
export function offlineEnv(s: Sandbox, apiUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return proveEnv(s, apiUrl, { path: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", extra });
}

/** vigil's compiled binary: `VIGIL_BIN`, else `dist/vigil`. */
export function vigilBin(): string {
  return process.env.VIGIL_BIN ?? join(REPO_ROOT, "dist", "vigil");
}

function commandsFor(s: Sandbox, version: ClaudeVersion, mode: HookMode): HookCommands | null {
  if (mode === "none" || mode === "installed") return null;
  if (mode === "vigil") {
    if (!existsSync(vigilBin())) {
      throw new Error(`vigil binary "${vigilBin()}" not found (run "bun run compile.ts --single" or set VIGIL_BIN)`);
    }
    const bin = shellQuote(vigilBin());
    return { hook: `${bin} hook`, statusLine: `${bin} statusline`, events: vigilEvents(version) };
  }
  const bun = shellQuote(join(REPO_ROOT, "node_modules", ".bin", "bun"));
  const script = shellQuote(join(import.meta.dir, "recorder.ts"));
  const dir = shellQuote(s.recordDir);
  return { hook: `${bun} ${script} hook ${dir}`, statusLine: `${bun} ${script} statusline ${dir}` };
}

/** Write `~/.claude/settings.json` (and the recorder's rules, resetting their `times` counts). */
export function writeSettings(
  s: Sandbox,
  version: ClaudeVersion,
  mode: HookMode,
  extra: Record<string, unknown> = {},
): void {
  if (typeof mode === "object") {
    for (const f of readdirSync(s.recordDir)) if (f.endsWith(".claimed")) rmSync(join(s.recordDir, f));
    const cfg = { rules: mode.recorder.rules ?? [], statusLine: mode.recorder.statusLine ?? "E2E-STATUS" };
    writeFileSync(join(s.recordDir, "rules.json"), JSON.stringify(cfg, null, 2));
  }
  if (mode === "installed") {
    // Keep what install wrote; only the run's own switches (e.g. the bypass-mode prompt) join it.
    if (Object.keys(extra).length === 0) return;
    const path = join(s.home, ".claude", "settings.json");
    const current: unknown = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
    writeFileSync(path, JSON.stringify({ ...(isRecord(current) ? current : {}), ...extra }, null, 2));
    return;
  }
  const settings = buildSettings(version, commandsFor(s, version, mode), extra);
  writeFileSync(join(s.home, ".claude", "settings.json"), JSON.stringify(settings, null, 2));
}

/** Parse JSONL, skipping lines that are not JSON objects (a half-written last line). */
export function parseJsonl(text: string): Record<string, unknown>[] {
  return text.split("\n").flatMap((line) => {
    if (line.trim() === "") return [];
    try {
      const v: unknown = JSON.parse(line);
      return typeof v === "object" && v !== null && !Array.isArray(v) ? [{ ...v }] : [];
    } catch {
      return [];
    }
  });
}

/** Everything the recorder has seen in this sandbox, oldest first. */
export function readHookRecords(s: Sandbox): HookRecord[] {
  const file = join(s.recordDir, "hooks.jsonl");
  if (!existsSync(file)) return [];
  return parseJsonl(readFileSync(file, "utf8")).map((r) => ({
    ts: typeof r.ts === "string" ? r.ts : "",
    event: typeof r.event === "string" ? r.event : "?",
    payload: typeof r.payload === "object" && r.payload !== null ? { ...r.payload } : {},
    env: typeof r.env === "object" && r.env !== null
      ? Object.fromEntries(Object.entries(r.env).map(([k, v]) => [k, String(v)]))
      : {},
    rule: typeof r.rule === "number" ? r.rule : null,
  }));
}

/** The session transcript's path, wherever the CLI put it under `~/.claude/projects`, or null. */
export function findTranscript(s: Sandbox, sessionId: string): string | null {
  const projects = join(s.home, ".claude", "projects");
  if (!existsSync(projects) || sessionId === "") return null;
  for (const slug of readdirSync(projects)) {
    const file = join(projects, slug, `${sessionId}.jsonl`);
    if (existsSync(file)) return file;
  }
  return null;
}
