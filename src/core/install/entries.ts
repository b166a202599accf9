/**
 * What vigil registers in settings.json and how it recognises its own entries again. vigil puts
 * no marker of its own into the file (Claude Code validates settings; an unknown key could cost
 * the whole file), so an entry is vigil's by its shape: a matcher group whose every handler is
 * `<vigil binary> hook` (a program named vigil, vigil-<os>-<arch>, … or one of the exact
 * commands install recorded, for `--bin` paths with another name) or an HTTP hook to
 * `http://127.0.0.1:<port>/hook`, the endpoint `vigil serve` answers.
 */
import { eventsWhere } from "../claude-events.ts";
import { isObject } from "../payload.ts";
import { COMMAND_HOOK_EVENTS } from "./events.ts";
import { type HandledEvent, timeoutFor } from "./handled.ts";
import { FAIL_CLOSED_HEADER } from "../fail-closed.ts";
import { HTTP_ENV } from "../header-env.ts";
import { STATUSLINE_CLIENT, STATUSLINE_CLIENT_NAME } from "./statusline-client.ts";

/** A hook handler; `timeout` is in seconds (Claude Code's default is 600). */
export type Handler =
  | { type: "command"; command: string; timeout?: number; onFailure?: "block" }
  | {
    type: "http";
    url: string;
    timeout?: number;
    headers?: Record<string, string>;
    allowedEnvVars?: string[];
    onFailure?: "block";
  };

/**
 * Events `vigil install --fail-closed` registers with `onFailure: "block"`: the ones whose
 * answer is a HARD deny. Observed on 2.1.332: a hook that exits 1, times out or cannot start
 * then blocks the tool call (`… blocking because onFailure is "block"`); without the field the
 * tool runs. Everything else stays fail-open: a crashed vigil must not stop prompts or stops.
 */
export const FAIL_CLOSED_EVENTS: ReadonlySet<string> = new Set(eventsWhere((r) => r.speaks.includes("hard-gate")));

export interface MatcherGroup {
  matcher: string;
  hooks: Handler[];
}

/** Exact command strings known to be vigil's (from the install record and this run). */
export interface VigilMarks {
  commands: readonly string[];
}

const BARE = /^[A-Za-z0-9_/.:@%+=,-]+$/;

/** A word for `sh -c`: bare when safe, else single-quoted. */
export function shellWord(s: string): string {
  return BARE.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

/** `<bin> hook`, the command Claude Code runs for every event vigil handles. */
export function hookCommand(bin: string, opts: { failClosedAfter?: number } = {}): string {
  const closed = opts.failClosedAfter === undefined ? "" : ` --fail-closed=${opts.failClosedAfter}`;
  return `${shellWord(bin)} hook${closed}`;
}

/** What follows the program in a vigil hook command: `hook`, or `hook --fail-closed[=SECONDS]`. */
const HOOK_REST = /^hook(?: --fail-closed(?:=\d+)?)?$/;

/**
 * `<bin> statusline`, or wrapped around the user's own command: vigil records the numbers and
 * prints the user's line unchanged (`vigil statusline --wrap '<theirs>'`).
 */
export function statuslineCommand(bin: string, wrap: string | null = null): string {
  return wrap === null ? `${shellWord(bin)} statusline` : `${shellWord(bin)} statusline --wrap ${shellWord(wrap)}`;
}

/**
 * The statusLine of an `--http` install: `bash` runs STATUSLINE_CLIENT, which asks serve on
 * `port` and falls back to `<bin> statusline`.
 */
export function httpStatuslineCommand(bash: string, port: number, bin: string): string {
  return `${shellWord(bash)} -c ${shellWord(STATUSLINE_CLIENT)} ${STATUSLINE_CLIENT_NAME} ${port} ${shellWord(bin)}`;
}

/** The shell words of `command` (as `splitProgram` reads them), or null when one is unclosed. */
function words(command: string): string[] | null {
  const out: string[] = [];
  let rest = command.trim();
  while (rest !== "") {
    const w = splitProgram(rest);
    if (!w) return null;
    out.push(w.program);
    rest = w.rest;
  }
  return out;
}

/**
 * The port and binary of a statusLine `httpStatuslineCommand` wrote (any version of the
 * script: it is known by its name and shape, so an upgrade still finds an older one), else null.
 */
export function httpStatuslineOf(
  command: string,
  marks: VigilMarks,
): { port: number; bin: string; bash: string } | null {
  const w = words(command);
  if (w === null || w.length !== 6) return null;
  const [bash, flag, , name, port, bin] = w;
  if (!/(^|\/)bash$/.test(bash) || flag !== "-c" || name !== STATUSLINE_CLIENT_NAME || !/^\d{1,5}$/.test(port)) {
    return null;
  }
  return vigilProgram(shellWord(bin), marks) ? { port: Number(port), bin, bash } : null;
}

/** The URL HTTP hooks post to. */
export function hookUrl(port: number): string {
  return `http://127.0.0.1:${port}/hook`;
}

/**
 * vigil's group for one event: a command hook, or an HTTP hook where the event allows it, with
 * the event's timeout.
 */
export function vigilGroup(
  event: HandledEvent,
  bin: string,
  httpPort: number | null,
  opts: { failClosed?: boolean } = {},
): MatcherGroup {
  const timeout = timeoutFor(event);
  const closed = opts.failClosed === true && FAIL_CLOSED_EVENTS.has(event);
  const block = closed ? { onFailure: "block" as const } : {};
  // The command says it too, with the timeout: vigil then fails by exiting 2, and waits for
  // the store as long as that timeout allows (src/app/hook-call.ts). An HTTP hook says it in a
  // header: serve then answers a failure with a deny (src/serve/hook-route.ts).
  const command = hookCommand(bin, closed ? { failClosedAfter: timeout } : {});
  const env = httpEnvHeaders();
  const headers = closed ? { ...env.headers, [FAIL_CLOSED_HEADER]: String(timeout) } : env.headers;
  const handler: Handler = httpPort !== null && !COMMAND_HOOK_EVENTS.has(event)
    ? { type: "http", url: hookUrl(httpPort), timeout, headers, allowedEnvVars: env.allowedEnvVars, ...block }
    : { type: "command", command, timeout, ...block };
  return { matcher: "*", hooks: [handler] };
}

/**
 * The headers that carry HTTP_ENV from the hook's environment to serve (src/core/header-env.ts):
 * Claude Code interpolates `${NAME}` in a header value for the names in `allowedEnvVars`,
 * and an unset one as "" (seen on 2.1.88 and 2.1.332: test/e2e/http-hooks.e2e.test.ts).
 */
export function httpEnvHeaders(): { headers: Record<string, string>; allowedEnvVars: string[] } {
  const headers: Record<string, string> = {};
  for (const name of HTTP_ENV) headers[`X-Vigil-Env-${name}`] = `\${${name}}`;
  return { headers, allowedEnvVars: [...HTTP_ENV] };
}

/** Split off the first shell word (bare, '…' with '\'' escapes, or "…") from the rest. */
export function splitProgram(command: string): { program: string; rest: string } | null {
  const s = command.trim();
  let i = 0, program = "";
  while (i < s.length && !/\s/.test(s[i])) {
    if (s[i] === "'") {
      const close = s.indexOf("'", i + 1);
      if (close < 0) return null;
      program += s.slice(i + 1, close);
      i = close + 1;
    } else if (s[i] === '"') {
      const close = s.indexOf('"', i + 1);
      if (close < 0) return null;
      program += s.slice(i + 1, close);
      i = close + 1;
    } else if (s[i] === "\\" && i + 1 < s.length) {
      program += s[i + 1];
      i += 2;
    } else program += s[i++];
  }
  return { program, rest: s.slice(i).trim() };
}

const VIGIL_PROGRAM = /(^|\/)vigil([-_.][\w.-]*)?$/i;
const VIGIL_URL = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}\/hook$/;

function vigilProgram(command: string, marks: VigilMarks): { rest: string } | null {
  const split = splitProgram(command);
  if (!split) return null;
  const known = marks.commands.some((c) => splitProgram(c)?.program === split.program);
  return VIGIL_PROGRAM.test(split.program) || known ? { rest: split.rest } : null;
}

/** Whether a handler object is one vigil installs. */
export function isVigilHandler(h: unknown, marks: VigilMarks): boolean {
  if (!isObject(h)) return false;
  if (h.type === "http") return typeof h.url === "string" && VIGIL_URL.test(h.url);
  if (h.type !== "command" || typeof h.command !== "string") return false;
  return HOOK_REST.test(vigilProgram(h.command, marks)?.rest ?? "");
}

/** Whether a matcher group is entirely vigil's (a user's group that also calls vigil is theirs). */
export function isVigilGroup(g: unknown, marks: VigilMarks): boolean {
  return isObject(g) && Array.isArray(g.hooks) && g.hooks.length > 0 && g.hooks.every((h) => isVigilHandler(h, marks));
}

/** Undo `--then '<cmd>'` quoting: the user's command, or null when it is not that shape. */
function unquoteWord(s: string): string | null {
  const w = splitProgram(s);
  return w && w.rest === "" ? w.program : null;
}

/**
 * How a statusLine command relates to vigil: `vigil` (its own), `wrapped` around the user's
 * command `then` (`--wrap`, or `--then` as an earlier vigil wrote it), or `other`.
 */
export function statusLineKind(
  command: string,
  marks: VigilMarks,
): { kind: "vigil" } | { kind: "wrapped"; then: string } | { kind: "other" } {
  if (httpStatuslineOf(command, marks)) return { kind: "vigil" };
  const p = vigilProgram(command, marks);
  if (!p) return { kind: "other" };
  if (p.rest === "statusline") return { kind: "vigil" };
  const m = /^statusline --(?:wrap|then) (.+)$/s.exec(p.rest);
  const then = m ? unquoteWord(m[1]) : null;
  return then === null ? { kind: "other" } : { kind: "wrapped", then };
}
