/**
 * vigil's configuration: defaults, the TOML file's values and the VIGIL_* overrides, merged
 * with the source of every value kept so `vigil config` can say where each came from.
 * Pure: the caller reads the file and the environment.
 */
import { isObject, type JsonObject } from "./payload.ts";

export type Language = "en" | "ko" | "ja";
export type Role = "worker" | "orchestrator" | "person";
export type Recovery = "off" | "notify" | "restart";

export interface Notifier {
  kind: "discord" | "slack" | "webhook" | "ntfy" | "desktop";
  url?: string;
  token?: string;
}

export interface Config {
  /** Tokens at which a worker main session is asked to hand over. */
  softTokens: number;
  /** Tokens at which a worker main session may only hand over. */
  hardTokens: number;
  /** `agent_type` values that make a main session a worker. */
  workerTypes: string[];
  /** Forces the role of every main session (for launchers without --agent). */
  role: Role | null;
  /** Turns every policy off; hooks still record. */
  disable: boolean;
  /** Compare limits against measurement plus the growth estimate. */
  anticipate: boolean;
  /** Window used until the statusLine reports the real one. */
  defaultWindow: number;
  /** Early compaction warning, percent of the window. */
  warnPercent: number;
  language: Language;
  /** Globs of files a worker at HARD may still write. */
  handoffGlobs: string[];
  /** Extra command prefixes allowed at HARD (e.g. "tk report"). */
  allowedCommands: string[];
  /** Report-to-orchestrator command prefixes allowed at HARD. */
  reportCommands: string[];
  /** Tools allowed at HARD besides handoff writes and vetted Bash. */
  allowedTools: string[];
  /** Slash commands that pass SOFT because they save state or compact. */
  passCommands: string[];
  /** Stop blocks per session in unattended mode. */
  stopCap: number;
  /** Extra continuation/approval patterns per language (regex sources). */
  stopPatterns: { continuation: string[]; approval: string[] };
  todoContinuation: boolean;
  todoFiles: string[];
  /** Minutes without transcript growth before a live session is STALE. */
  staleAfterMinutes: number;
  recovery: Recovery;
  /** Minutes a restart has to show a live process and a written transcript before it counts as failed. */
  restartVerifyMinutes: number;
  /** Nudge and restart sessions outside unattended mode's scope too (default: only inside). */
  recoverOutsideNight: boolean;
  nudgeText: string | null;
  notifiers: Notifier[];
  /** Cap for the joined additionalContext of one hook call. */
  contextCap: number;
  /** `vigil watch` runs `doctor --prove` when the installed Claude Code changed since the last proof. */
  proveOnUpdate: boolean;
  /** Days of audit-event detail `vigil gc` keeps; older days live on as per-session summaries. */
  retentionEventsDays: number;
  /** Days after its last activity a dead session's row is archived and its recall index dropped. */
  retentionDeadSessionsDays: number;
  /** Days of process samples kept (the watch compares a death with what preceded it). */
  retentionSamplesDays: number;
  /** Days a recall index may go unused before it is dropped (rebuilt on the next recall). */
  retentionRecallDays: number;
  /** Total size of the recall indexes, in MiB; the least recently used go first. */
  recallCapMb: number;
}

export const DEFAULT_CONFIG: Config = {
  softTokens: 250_000,
  hardTokens: 300_000,
  workerTypes: ["worker"],
  role: null,
  disable: false,
  anticipate: true,
  defaultWindow: 200_000,
  warnPercent: 60,
  language: "en",
  handoffGlobs: ["**/HANDOFF*.md", "**/handoff/**", ".vigil/handoff/**"],
  allowedCommands: [],
  reportCommands: [],
  allowedTools: ["TaskStop", "KillShell", "KillBash"],
  passCommands: ["/pre-compact-save", "/compact"],
  stopCap: 40,
  stopPatterns: { continuation: [], approval: [] },
  todoContinuation: false,
  todoFiles: ["TODO.md"],
  staleAfterMinutes: 45,
  recovery: "notify",
  restartVerifyMinutes: 3,
  recoverOutsideNight: false,
  nudgeText: null,
  notifiers: [],
  contextCap: 9_000,
  proveOnUpdate: true,
  retentionEventsDays: 30,
  retentionDeadSessionsDays: 30,
  retentionSamplesDays: 1,
  retentionRecallDays: 30,
  recallCapMb: 2048,
};

/** Where a value came from: its default, the file, a VIGIL_* variable, or the locale (`LANG`, `LC_ALL`). */
export type Source = "default" | "file" | "env" | "LANG" | "LC_ALL";
export interface ResolvedConfig {
  config: Config;
  sources: Record<keyof Config, Source>;
  /** Problems found in the file or env; each value that was bad keeps its default. */
  warnings: string[];
}

/** The language implied by a LANG-style locale string. */
export function languageFromLocale(locale: string | undefined): Language {
  const l = (locale ?? "").toLowerCase();
  if (l.startsWith("ko")) return "ko";
  if (l.startsWith("ja")) return "ja";
  return "en";
}

type Kind = "int" | "bool" | "strings" | "string?" | "lang" | "role" | "recovery" | "patterns" | "notifiers";
const KINDS: Record<keyof Config, Kind> = {
  softTokens: "int",
  hardTokens: "int",
  workerTypes: "strings",
  role: "role",
  disable: "bool",
  anticipate: "bool",
  defaultWindow: "int",
  warnPercent: "int",
  language: "lang",
  handoffGlobs: "strings",
  allowedCommands: "strings",
  reportCommands: "strings",
  allowedTools: "strings",
  passCommands: "strings",
  stopCap: "int",
  stopPatterns: "patterns",
  todoContinuation: "bool",
  todoFiles: "strings",
  staleAfterMinutes: "int",
  recovery: "recovery",
  restartVerifyMinutes: "int",
  recoverOutsideNight: "bool",
  nudgeText: "string?",
  notifiers: "notifiers",
  contextCap: "int",
  proveOnUpdate: "bool",
  retentionEventsDays: "int",
  retentionDeadSessionsDays: "int",
  retentionSamplesDays: "int",
  retentionRecallDays: "int",
  recallCapMb: "int",
};

/** Env variable → config key, for the overrides product.md names (and a few more). */
export const ENV_KEYS: Record<string, keyof Config> = {
  VIGIL_SOFT_TOKENS: "softTokens",
  VIGIL_HARD_TOKENS: "hardTokens",
  VIGIL_WORKER_TYPES: "workerTypes",
  VIGIL_ROLE: "role",
  VIGIL_DISABLE: "disable",
  VIGIL_LANGUAGE: "language",
  VIGIL_ANTICIPATE: "anticipate",
  VIGIL_WARN_PERCENT: "warnPercent",
  VIGIL_STALE_AFTER_MINUTES: "staleAfterMinutes",
  VIGIL_RECOVERY: "recovery",
  VIGIL_PROVE_ON_UPDATE: "proveOnUpdate",
};

/**
 * What of an environment `resolveConfig` reads, as one string: two environments with the same
 * key resolve a file to the same configuration (a long-lived caller memoizes on it).
 */
export function configEnvKey(env: Record<string, string | undefined>): string {
  let key = `${env.LANG ?? ""}\0${env.LC_ALL ?? ""}`;
  for (const name in ENV_KEYS) key += `\0${env[name] ?? "\u0001"}`;
  return key;
}

/** TOML uses snake_case; accept both spellings. */
function camel(key: string): string {
  return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

function coerce(kind: Kind, v: unknown, fromEnv: boolean): { ok: true; v: unknown } | { ok: false } {
  switch (kind) {
    case "int": {
      const n = typeof v === "string" && fromEnv ? Number(v.replaceAll("_", "")) : v;
      return typeof n === "number" && Number.isInteger(n) && n >= 0 ? { ok: true, v: n } : { ok: false };
    }
    case "bool":
      if (typeof v === "boolean") return { ok: true, v };
      if (fromEnv && typeof v === "string") {
        if (["1", "true", "yes", "on"].includes(v.toLowerCase())) return { ok: true, v: true };
        if (["0", "false", "no", "off", ""].includes(v.toLowerCase())) return { ok: true, v: false };
      }
      return { ok: false };
    case "strings":
      if (fromEnv && typeof v === "string") {
        return { ok: true, v: v.split(",").map((s) => s.trim()).filter(Boolean) };
      }
      return Array.isArray(v) && v.every((s) => typeof s === "string") ? { ok: true, v } : { ok: false };
    case "string?":
      return typeof v === "string" ? { ok: true, v } : { ok: false };
    case "lang":
      return v === "en" || v === "ko" || v === "ja" ? { ok: true, v } : { ok: false };
    case "role":
      return v === "worker" || v === "orchestrator" || v === "person" ? { ok: true, v } : { ok: false };
    case "recovery":
      return v === "off" || v === "notify" || v === "restart" ? { ok: true, v } : { ok: false };
    case "patterns": {
      if (!isObject(v)) return { ok: false };
      const c = v.continuation ?? [], a = v.approval ?? [];
      const okList = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === "string");
      return okList(c) && okList(a) ? { ok: true, v: { continuation: c, approval: a } } : { ok: false };
    }
    case "notifiers": {
      if (!Array.isArray(v)) return { ok: false };
      const kinds = ["discord", "slack", "webhook", "ntfy", "desktop"];
      const good = v.every((n) =>
        isObject(n) && typeof n.kind === "string" && kinds.includes(n.kind) &&
        (n.url === undefined || typeof n.url === "string") && (n.token === undefined || typeof n.token === "string")
      );
      return good ? { ok: true, v } : { ok: false };
    }
  }
}

/**
 * A copy of the defaults that shares no array or object with them. Not structuredClone: it
 * loads the structured-serialisation code, +0.75 MiB of a hook process's peak RSS (bench/RESULTS.md,
 * "Hook peak RSS"), for a table of strings, numbers and flat lists.
 */
function copyOfDefaults(): Config {
  const d = DEFAULT_CONFIG;
  return {
    ...d,
    workerTypes: [...d.workerTypes],
    handoffGlobs: [...d.handoffGlobs],
    allowedCommands: [...d.allowedCommands],
    reportCommands: [...d.reportCommands],
    allowedTools: [...d.allowedTools],
    passCommands: [...d.passCommands],
    stopPatterns: { continuation: [...d.stopPatterns.continuation], approval: [...d.stopPatterns.approval] },
    todoFiles: [...d.todoFiles],
    notifiers: d.notifiers.map((n) => ({ ...n })),
  };
}

/**
 * Merge defaults, the parsed config file and the environment. Bad values are reported and
 * ignored rather than fatal: a hook must keep working with a typo in the config file.
 */
export function resolveConfig(
  file: JsonObject | null,
  env: Record<string, string | undefined>,
): ResolvedConfig {
  const config: Config = copyOfDefaults();
  const sources = Object.fromEntries(Object.keys(DEFAULT_CONFIG).map((k) => [k, "default"])) as Record<
    keyof Config,
    Source
  >;
  const warnings: string[] = [];
  const set = (key: keyof Config, v: unknown, src: Source, label: string) => {
    const r = coerce(KINDS[key], v, src === "env");
    if (!r.ok) {
      warnings.push(`ignoring ${label}: invalid value ${JSON.stringify(v)}`);
      return;
    }
    (config as unknown as Record<string, unknown>)[key] = r.v;
    sources[key] = src;
  };
  if (env.LANG || env.LC_ALL) {
    config.language = languageFromLocale(env.LC_ALL || env.LANG);
    sources.language = env.LC_ALL ? "LC_ALL" : "LANG";
  }
  for (const [k, v] of Object.entries(file ?? {})) {
    const key = camel(k);
    if (!(key in KINDS)) {
      warnings.push(`ignoring unknown config key "${k}"`);
      continue;
    }
    set(key as keyof Config, v, "file", `config key "${k}"`);
  }
  for (const [name, key] of Object.entries(ENV_KEYS)) {
    const v = env[name];
    if (v === undefined || (v === "" && KINDS[key] !== "bool")) continue;
    set(key, v, "env", name);
  }
  if (config.hardTokens < config.softTokens) {
    warnings.push(
      `hard limit ${config.hardTokens} is below soft limit ${config.softTokens}; using the soft limit for both`,
    );
    config.hardTokens = config.softTokens;
  }
  return { config, sources, warnings };
}
