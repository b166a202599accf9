/**
 * A statusLine render in this process (main.ts runs it when no `vigil serve` took it, and for
 * every `--wrap`). With `wrap` (written by `vigil install` when the user already has a
 * statusLine), the user's own command starts first and runs alongside vigil's recording, with
 * the same stdin and environment; its output is printed unchanged. Past the cap (a loaded
 * machine) its last good output for the session is printed again, as Claude Code itself keeps
 * the old line when it cancels a slow run; vigil's own line only when theirs fails, prints
 * nothing, or is late with nothing to show yet. A late run is finished in the background (one
 * detached refresh per session, bounded), so a command that is always slower than the cap
 * still has its line shown from the next render on, not vigil's for good. Never fails.
 */
import type { CommandIo } from "../core/command-io.ts";
import { dirnamePath, joinPath } from "../core/posix-path.ts";
import { parseStatusPayload } from "../core/statusline.ts";
import { fileLineCache } from "../edge/line-cache.ts";
import { nodeFs } from "../edge/node-fs.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readStdin, type StdinResult } from "../edge/stdin.ts";

export type { StdinResult };
import { startWrapped } from "../edge/wrapped-statusline.ts";
import { baseDeps } from "./base-deps.ts";
import { metersTranscript, runStatusline } from "./run-statusline.ts";

/** The command's I/O, and its printer of all output at once (no node:fs: the hot path). */
export type StatuslineIo = CommandIo & { print: (text: string) => Promise<void> };

/**
 * Claude Code re-runs the statusLine at most every 300 ms and cancels a run still going when
 * the next one starts: the user's command must be done well inside that.
 */
export const WRAP_CAP_MS = 250;

/** How long a background refresh of a late user command may run before it is killed. */
export const REFRESH_CAP_MS = 10_000;

/** The session id of a statusLine payload, for the per-session cache (null when absent). */
function sessionOf(text: string): string | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && "session_id" in v && typeof v.session_id === "string"
      ? v.session_id
      : null;
  } catch {
    return null;
  }
}

/**
 * Render here; `wrap` is the user's command (null: vigil's line only); `read` is stdin when
 * main.ts already read it to forward the render (a failed read, or a forwarded render that was
 * lost, prints the last line kept).
 */
export async function renderHere(wrap: string | null, read: StdinResult | null, io: StatuslineIo): Promise<number> {
  const cache = fileLineCache(resolvePaths(io.env).stateDir);
  const input = read ?? await readStdin(1024 * 1024);
  const theirs = wrap === null
    ? null
    : startWrapped(wrap, input.ok ? input.text : "", { env: io.env, capMs: WRAP_CAP_MS });
  let line: string;
  if (input.ok) {
    const deps = baseDeps(io.env, io.now);
    try {
      const opts = { color: !io.env.NO_COLOR };
      const parsed = parseStatusPayload(input.text);
      // Null usage (a resumed session's first render): the meter is loaded before the render, for it only.
      if (parsed.ok && metersTranscript(parsed.value)) {
        deps.measure = (await import("./meter-adapter.ts")).measureAdapter;
      }
      line = runStatusline(parsed, deps, cache, opts).line;
    } finally {
      deps.close();
    }
  } else line = cache.read(null) ?? "";
  if (theirs === null) {
    await io.print(line + "\n");
    await cache.settled();
    return 0;
  }
  const shown = await theirs.result();
  const users = fileLineCache(resolvePaths(io.env).stateDir, "user-lines");
  const session = input.ok ? sessionOf(input.text) : null;
  if (shown.ok) {
    if (session !== null) users.write(session, shown.stdout);
    await io.print(shown.stdout);
  } else {
    const before = shown.late && session !== null ? users.read(session) : null;
    await io.print(before ?? line + "\n");
    // A command that is always late would never be cached: finish one run in the background.
    if (shown.late && wrap !== null && session !== null && input.ok) refreshLater(wrap, session, input.text, io);
  }
  await Promise.all([cache.settled(), users.settled()]);
  return 0;
}

/** `<state>/user-lines/<session>.<suffix>`: beside the session's cached line (ids hold no dot). */
function sideFile(io: StatuslineIo, session: string, suffix: "refresh" | "payload"): string | null {
  return /^[A-Za-z0-9_-]{1,128}$/.test(session)
    ? joinPath(resolvePaths(io.env).stateDir, "user-lines", `${session}.${suffix}`)
    : null;
}

/**
 * Start one detached `vigil statusline --refresh-wrap PAYLOAD --wrap CMD` for the session, unless
 * one is already running (its lock is younger than REFRESH_CAP_MS): it runs the user's command
 * to the end, up to REFRESH_CAP_MS, and caches its line, which the next renders show. At most one
 * per session, each bounded, so a hung command cannot pile up processes.
 */
function refreshLater(wrap: string, session: string, payload: string, io: StatuslineIo): void {
  const lock = sideFile(io, session, "refresh"), file = sideFile(io, session, "payload");
  if (lock === null || file === null) return;
  const fs = nodeFs();
  try {
    if (io.now() - fs.statSync(lock).mtimeMs < REFRESH_CAP_MS + 1_000) return;
  } catch {
    // no refresh running
  }
  try {
    fs.mkdirSync(dirnamePath(lock), { recursive: true, mode: 0o700 });
    fs.writeFileSync(lock, String(io.now()), { mode: 0o600 });
    fs.writeFileSync(file, payload, { mode: 0o600 });
    Bun.spawn([process.execPath, "statusline", "--refresh-wrap", file, "--wrap", wrap], {
      env: io.env,
      stdin: "ignore",
      stdout: "ignore",
      stderr: "ignore",
      detached: true,
    }).unref();
  } catch {
    // The refresh is a nicety: the render already printed its line.
  }
}

/** The detached refresh: run the user's command to its end (bounded) and cache its line. */
export async function refreshWrapped(wrap: string, payloadFile: string, io: StatuslineIo): Promise<number> {
  const fs = nodeFs();
  let payload: string;
  try {
    payload = fs.readFileSync(payloadFile, "utf8");
    fs.rmSync(payloadFile, { force: true });
  } catch {
    return 0;
  }
  const session = sessionOf(payload);
  const users = fileLineCache(resolvePaths(io.env).stateDir, "user-lines");
  const shown = await startWrapped(wrap, payload, { env: io.env, capMs: REFRESH_CAP_MS }).result();
  if (shown.ok && session !== null) users.write(session, shown.stdout);
  await users.settled();
  const lock = session === null ? null : sideFile(io, session, "refresh");
  if (lock !== null) fs.rmSync(lock, { force: true });
  return 0;
}
