/**
 * `vigil statusline [--wrap CMD]`: wiring only. Never fails; always exits 0. With `--wrap`
 * (written by `vigil install` when the user already has a statusLine; `--then` is how an
 * earlier vigil spelled it), the user's own command starts first and runs alongside vigil's
 * recording, with the same stdin and environment; its output is printed unchanged. Past the cap
 * (a loaded machine) its last good output for the session is printed again, as Claude Code
 * itself keeps the old line when it cancels a slow run; vigil's own line only when theirs
 * fails, prints nothing, or is late with nothing to show yet.
 */
import { baseDeps } from "../app/base-deps.ts";
import { runStatusline } from "../app/run-statusline.ts";
import { fileLineCache } from "../edge/line-cache.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readStdin, type StdinResult } from "../edge/stdin.ts";
import { startWrapped } from "../edge/wrapped-statusline.ts";
import type { Ctx } from "./context.ts";

/**
 * Claude Code re-runs the statusLine at most every 300 ms and cancels a run still going when
 * the next one starts: the user's command must be done well inside that.
 */
export const WRAP_CAP_MS = 250;

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

function wrappedCommand(args: string[]): string | null {
  for (const flag of ["--wrap", "--then"]) {
    const at = args.indexOf(flag);
    if (at >= 0 && args[at + 1] !== undefined) return args[at + 1];
  }
  return null;
}

/**
 * Run the render here; `read` is stdin when main.ts already read it to forward the render (a
 * failed read, or a forwarded render that was lost, prints the last line kept).
 */
export async function statuslineCommand(args: string[], ctx: Ctx, read: StdinResult | null = null): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    return (ctx.out((await import("./help.ts")).HELP.statusline + "\n"), 0);
  }
  const wrap = wrappedCommand(args);
  const cache = fileLineCache(resolvePaths(ctx.env).stateDir);
  const input = read ?? await readStdin(1024 * 1024);
  const theirs = wrap === null
    ? null
    : startWrapped(wrap, input.ok ? input.text : "", { env: ctx.env, capMs: WRAP_CAP_MS });
  let line: string;
  if (input.ok) {
    const deps = baseDeps(ctx.env, ctx.now);
    try {
      const opts = { color: !ctx.env.NO_COLOR };
      let r = runStatusline(input.text, deps, cache, opts);
      // Null usage (a resumed session's first render): the meter is loaded for this render only.
      if (r.needs === "meter") {
        deps.measure = (await import("../app/meter-adapter.ts")).measureAdapter;
        r = runStatusline(input.text, deps, cache, opts);
      }
      line = r.line;
    } finally {
      deps.close();
    }
  } else line = cache.read(null) ?? "";
  if (theirs === null) {
    await ctx.print(line + "\n");
    await cache.settled();
    return 0;
  }
  const shown = await theirs.result();
  const users = fileLineCache(resolvePaths(ctx.env).stateDir, "user-lines");
  const session = input.ok ? sessionOf(input.text) : null;
  if (shown.ok) {
    if (session !== null) users.write(session, shown.stdout);
    await ctx.print(shown.stdout);
  } else {
    const before = shown.late && session !== null ? users.read(session) : null;
    await ctx.print(before ?? line + "\n");
  }
  await Promise.all([cache.settled(), users.settled()]);
  return 0;
}
