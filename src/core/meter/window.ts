/**
 * Where a session's context window comes from (product.md section 4): the statusLine's
 * `context_window_size` when one runs; otherwise, for a headless `-p` worker, what Claude Code
 * itself would use: the `--autocompact` flag, `CLAUDE_CODE_AUTO_COMPACT_WINDOW`, the
 * `autoCompactWindow` setting, then the model (which of flag and variable wins in Claude Code
 * is not observed; the flag is taken as the more specific). Never a silent default: the source is named.
 */
import { EV } from "../claude-events.ts";

export type WindowSource = "statusline" | "env" | "flag" | "settings" | "model" | "default";

export interface WindowFacts {
  statusWindow?: number | null;
  /** `CLAUDE_CODE_AUTO_COMPACT_WINDOW` as the hook process sees it. */
  envWindow?: string | null;
  /** The Claude Code process's argv (from `CLAUDE_PID`), for `--autocompact <tokens>`. */
  argv?: readonly string[] | null;
  /**
   * `autoCompactWindow` from the settings files, most specific first; a function is called
   * only when flag and variable leave the window open (it reads files).
   */
  settingsWindows?: readonly unknown[] | (() => readonly unknown[]);
  /** The newest response's model, or the model a switch went to. */
  model?: string | null;
}

export interface ResolvedWindow {
  window: number;
  source: WindowSource;
}

/**
 * Windows by model, as the real CLI reported them (`modelUsage.contextWindow` of 2.1.332's
 * result: 1,000,000 for claude-opus-5-5, its default; 200,000 for claude-sonnet-4-5). A
 * `[1m]` suffix asks for the 1M window. Unknown models fall to the configured default.
 */
const MODEL_WINDOWS: readonly [RegExp, number][] = [
  [/\[1m\]$/i, 1_000_000],
  [/^claude-opus-5/i, 1_000_000],
  [/^claude-(?:sonnet|opus|haiku)-4/i, 200_000],
  [/^claude-3/i, 200_000],
];

/** Claude Code's floor for `--autocompact` (contract Part A): smaller values are not a window. */
const MIN_WINDOW = 100_000;

function tokens(v: unknown): number | null {
  const n = typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= MIN_WINDOW ? n : null;
}

function flagWindow(argv: readonly string[]): number | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--autocompact") return tokens(argv[i + 1]);
    if (a.startsWith("--autocompact=")) return tokens(a.slice("--autocompact=".length));
  }
  return null;
}

/** The window a model name stands for, or null when it is not known. */
export function modelWindow(model: string | null | undefined): number | null {
  if (!model) return null;
  return MODEL_WINDOWS.find(([re]) => re.test(model))?.[1] ?? null;
}

/** The window and where it came from, first known source wins. */
export function resolveWindow(f: WindowFacts, defaultWindow: number): ResolvedWindow {
  const status = f.statusWindow ?? null;
  if (status !== null && status > 0) return { window: status, source: "statusline" };
  // The flag is this one invocation's choice; the variable may be inherited from a launcher.
  const flag = f.argv ? flagWindow(f.argv) : null;
  if (flag !== null) return { window: flag, source: "flag" };
  const env = tokens(f.envWindow ?? null);
  if (env !== null) return { window: env, source: "env" };
  const settings = typeof f.settingsWindows === "function" ? f.settingsWindows() : f.settingsWindows ?? [];
  const setting = settings.map(tokens).find((n) => n !== null);
  if (setting !== undefined && setting !== null) return { window: setting, source: "settings" };
  const model = modelWindow(f.model);
  if (model !== null) return { window: model, source: "model" };
  return { window: defaultWindow, source: "default" };
}

/**
 * Context tokens a payload carries as a measurement: SessionStart on resume or fork and the
 * model-switch events (2.1.332, observed for SessionStart resume and PreModelSwitch; the
 * count includes the last response's output).
 */
export function payloadTokens(event: string, raw: { [k: string]: unknown }): number | null {
  const counted = isModelSwitch(event) ||
    (event === EV.SessionStart && (raw.source === "resume" || raw.source === "fork"));
  const n = raw.context_tokens;
  return counted && typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function isModelSwitch(event: string): boolean {
  return event === EV.PreModelSwitch || event === EV.PostModelSwitch;
}

/** The model a payload names: the target of a switch, or SessionStart's `model`. */
export function payloadModel(event: string, raw: { [k: string]: unknown }): string | null {
  const v = isModelSwitch(event) ? raw.to_model : raw.model;
  return typeof v === "string" && v !== "" ? v : null;
}
