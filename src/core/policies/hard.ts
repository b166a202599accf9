/**
 * The HARD allow-list (product.md section 4): at the hard limit a worker may only hand over.
 * Allowed: reading, writing or editing a handoff document; Bash whose every simple command is
 * on the list and whose every write goes to a handoff document; the task-stop tools and
 * anything else in `config.allowedTools`. Everything else is denied, other reads included: the
 * worker already holds what it has read.
 */
import { type HardWhy, hardWhyText } from "../messages/hard-why.ts";
import type { Config } from "../config.ts";
import type { HookPayload, JsonObject } from "../payload.ts";
import type { LineAnalysis, ShellWord } from "../shell.ts";
import { checkCommand } from "./hard/commands.ts";
import { isHandoffPath } from "./hard/handoff-path.ts";
import type { ProcessTree } from "./hard/kill.ts";

export type { ProcessTree };

/**
 * The Bash line analyser (`analyzeCommandLine` in core/shell.ts). A dependency, so the shell
 * parser (a third of the hook's code) is loaded only by a call that is judged at HARD.
 */
export type LineAnalyzer = (line: string) => LineAnalysis;

export interface HardVerdict {
  allowed: boolean;
  /** Set when the verdict needs the line analyser and none was given: ask again with it. */
  needs?: "shell";
  /** The rule that decided, for the audit log (`handoff-write`, `bash-forbidden:npm`, …). */
  rule: string;
  /** What was allowed or which command or path was refused, in English for the audit log. */
  detail: string;
  /** Why it was refused, as data: the deny reason says it in the session's language. */
  why?: HardWhy;
}

function refuse(rule: string, why: HardWhy): HardVerdict {
  return { allowed: false, rule, detail: hardWhyText("en", why), why };
}

const EDIT_TOOLS = new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]);
const READ_TOOLS = new Set(["Read", "Grep", "Glob"]);
/** Write targets that are not files. */
const DEVICES = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2"]);

function field(input: JsonObject | null, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = input?.[k];
    if (typeof v === "string") return v;
  }
  return null;
}

/**
 * Reading a handoff document (Claude Code refuses to Edit a file it has not read). Read names
 * the file; Grep its `path` (a handoff file or folder); Glob a pattern that can only match
 * handoff documents, judged as if the pattern were a path ("HANDOFF*.md" under any folder is,
 * "*.md" is not).
 */
function checkRead(tool: string, input: JsonObject | null, config: Config, cwd: string): HardVerdict {
  const path = tool === "Read"
    ? field(input, "file_path")
    : tool === "Grep"
    ? field(input, "path")
    : joinGlob(field(input, "path"), field(input, "pattern"));
  if (path !== null && isHandoffPath(path, config.handoffGlobs, cwd)) {
    return { allowed: true, rule: "handoff-read", detail: `"${path}" is a handoff document` };
  }
  return refuse("handoff-only", { k: "not-handoff", path: path ?? "", tool });
}

function joinGlob(dir: string | null, pattern: string | null): string | null {
  if (pattern === null) return null;
  if (dir === null || pattern.startsWith("/")) return pattern;
  return `${dir.replace(/\/+$/, "")}/${pattern}`;
}

function checkWrite(target: ShellWord | null, config: Config, cwd: string): HardVerdict | null {
  if (target === null) return null;
  if (target.dynamic) {
    return refuse("bash-redirect", { k: "not-static", what: target.value, noun: "write target" });
  }
  if (DEVICES.has(target.value) || isHandoffPath(target.value, config.handoffGlobs, cwd)) return null;
  return refuse("bash-redirect", { k: "not-handoff", path: target.value });
}

function checkBash(
  line: string,
  config: Config,
  opts: { cwd: string; tree: ProcessTree | null; analyze?: LineAnalyzer },
): HardVerdict {
  const { cwd } = opts;
  if (!opts.analyze) return { allowed: false, needs: "shell", rule: "needs-analyzer", detail: "line not analysed" };
  const a = opts.analyze(line);
  if (!a.ok) return refuse("unparseable", { k: "unparseable", error: a.error });
  if (a.hazards.length > 0) {
    const h = a.hazards[0];
    return refuse(`bash-construct:${h}`, { k: "construct", what: h });
  }
  const rules: string[] = [];
  for (const cmd of a.commands) {
    const v = checkCommand(cmd, config, { tree: opts.tree });
    if (!v.allowed) return { allowed: false, rule: v.rule, detail: v.detail, why: v.why };
    for (const w of v.writes) {
      const bad = checkWrite(w, config, cwd);
      if (bad) return bad;
    }
    rules.push(v.rule.replace(/^bash-allowed:/, ""));
  }
  for (const r of a.redirections) {
    const bad = r.writes ? checkWrite(r.target, config, cwd) : null;
    if (bad) return bad;
  }
  // A handoff written through Bash is the handoff, recorded under the rule a Write of it gets.
  const handoffs = bashHandoffWrites(line, config, cwd, opts.analyze);
  if (handoffs.length > 0) {
    return { allowed: true, rule: "handoff-write", detail: `Bash writes ${handoffs.map((h) => `"${h}"`).join(", ")}` };
  }
  return { allowed: true, rule: "bash-allowed", detail: [...new Set(rules)].join(", ") || "no command" };
}

/**
 * The handoff documents a Bash line writes (a heredoc or `printf` redirected into one, `tee`,
 * `git … --output`): what HARD allows through Bash, so a handoff written that way is recorded
 * like a Write or Edit of it. Empty when the line cannot be read or writes no handoff.
 */
export function bashHandoffWrites(line: string, config: Config, cwd: string, analyze: LineAnalyzer): string[] {
  const a = analyze(line);
  if (!a.ok) return [];
  const targets: ShellWord[] = [];
  for (const cmd of a.commands) {
    const v = checkCommand(cmd, config);
    if (v.allowed) targets.push(...v.writes);
  }
  for (const r of a.redirections) if (r.writes && r.target !== null) targets.push(r.target);
  const out = targets.filter((t) => !t.dynamic && isHandoffPath(t.value, config.handoffGlobs, cwd)).map((t) => t.value);
  return [...new Set(out)];
}

/** Whether a tool call may run at HARD, the rule that decided and why. */
export function checkToolAtHard(
  payload: HookPayload,
  config: Config,
  opts: { cwd?: string; tree?: ProcessTree | null; analyze?: LineAnalyzer } = {},
): HardVerdict {
  const tool = payload.toolName ?? "";
  const cwd = opts.cwd ?? payload.cwd;
  const tree = opts.tree ?? null;
  if (config.allowedTools.includes(tool)) {
    return { allowed: true, rule: "tool-allowed", detail: `"${tool}" is allowed at the hard limit` };
  }
  if (EDIT_TOOLS.has(tool)) {
    const path = field(payload.toolInput, "file_path", "notebook_path");
    if (path !== null && isHandoffPath(path, config.handoffGlobs, cwd)) {
      return { allowed: true, rule: "handoff-write", detail: `"${path}" is a handoff document` };
    }
    return refuse("handoff-only", { k: "not-handoff", path: path ?? "" });
  }
  if (READ_TOOLS.has(tool)) return checkRead(tool, payload.toolInput, config, cwd);
  if (tool === "Bash") {
    const line = field(payload.toolInput, "command");
    if (line === null) return refuse("unparseable", { k: "unparseable", error: null });
    return checkBash(line, config, { cwd, tree, analyze: opts.analyze });
  }
  return refuse("tool-denied", { k: "not-allowed", what: tool });
}
