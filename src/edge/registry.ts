/**
 * Claude Code's live session registry: `<config dir>/sessions/<pid>.json`, one file per running
 * session, removed when it exits (claude-code-contract.md Part B section 10). That removal is
 * why the watcher keeps its own list: the registry alone can never show a dead session
 * (seed 004). Every file is distrusted: size-capped, parsed, type-checked, else skipped.
 */
import { createHash } from "node:crypto";
import { closeSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { isObject, type JsonObject, num, str } from "../core/payload.ts";
import type { RegistryEntry, TmuxRef } from "../core/watch/observed.ts";
export type { RegistryEntry, TmuxRef };

export interface SkippedFile {
  file: string;
  reason: string;
}

export interface RegistryOptions {
  env?: Record<string, string | undefined>;
  home?: string;
  /** Overrides the directory outright (tests). */
  dir?: string;
}

export const MAX_REGISTRY_FILE = 64 * 1024;

// One buffer for every registry file of a pass: a zeroed 64 KiB allocation per file made
// reading 1,000 files in a fresh process take ~450 ms instead of ~50 ms.
let shared: Buffer | null = null;

/** A file's text, or null when it is over the cap; reads at most cap + 1 bytes. */
function readCapped(file: string, cap: number): string | null {
  const fd = openSync(file, "r");
  try {
    if (!shared || shared.length < cap + 1) shared = Buffer.allocUnsafe(cap + 1);
    const buf = shared.subarray(0, cap + 1);
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, n);
      if (got === 0) break;
      n += got;
    }
    return n > cap ? null : buf.toString("utf8", 0, n);
  } finally {
    closeSync(fd);
  }
}

/** Claude Code's directory: `$CLAUDE_CONFIG_DIR`, else `<home>/.claude`. */
export function claudeConfigDir(opts: { env?: Record<string, string | undefined>; home?: string }): string {
  const fromEnv = opts.env?.CLAUDE_CONFIG_DIR;
  if (fromEnv) return fromEnv;
  return join(opts.home ?? "", ".claude");
}

/** The registry directory for these options. */
export function registryDir(opts: RegistryOptions): string {
  return opts.dir ?? join(claudeConfigDir(opts), "sessions");
}

/** Split Claude Code's `tmux` field (`name:@1.%3`); session names may contain colons. */
export function parseTmuxRef(raw: string): TmuxRef | null {
  const m = /^(.*):(@\d+)?\.?(%\d+)?$/.exec(raw);
  if (!m || m[1] === "") return null;
  return { raw, session: m[1], window: m[2] ?? null, pane: m[3] ?? null };
}

/** Validate one registry file's JSON. The pid in the file must match the file's name. */
export function parseRegistryEntry(
  text: string,
  file: string,
  filePid: number,
): { ok: true; value: RegistryEntry } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: "not JSON" };
  }
  if (!isObject(raw)) return { ok: false, error: "not a JSON object" };
  const o: JsonObject = raw;
  const pid = num(o, "pid"), sessionId = str(o, "sessionId"), cwd = str(o, "cwd");
  if (pid === null || !Number.isSafeInteger(pid) || pid <= 0) return { ok: false, error: `bad "pid"` };
  if (pid !== filePid) return { ok: false, error: `"pid" ${pid} does not match the file name` };
  if (sessionId === null || sessionId === "") return { ok: false, error: `missing "sessionId"` };
  if (cwd === null) return { ok: false, error: `missing "cwd"` };
  const tmux = str(o, "tmux");
  return {
    ok: true,
    value: {
      pid,
      sessionId,
      cwd,
      startedAt: num(o, "startedAt"),
      procStart: str(o, "procStart"),
      version: str(o, "version"),
      kind: str(o, "kind"),
      entrypoint: str(o, "entrypoint"),
      name: str(o, "name"),
      status: str(o, "status"),
      updatedAt: num(o, "updatedAt"),
      tmux: tmux === null ? null : parseTmuxRef(tmux),
      messagingSocketPath: str(o, "messagingSocketPath"),
      file,
    },
  };
}

/** Read every registry entry; unreadable, oversized and malformed files are listed as skipped. */
export function readRegistry(opts: RegistryOptions = {}): { entries: RegistryEntry[]; skipped: SkippedFile[] } {
  const dir = registryDir(opts);
  const entries: RegistryEntry[] = [], skipped: SkippedFile[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return { entries, skipped };
  }
  for (const name of names) {
    const m = /^(\d+)\.json$/.exec(name);
    if (!m) continue;
    const file = join(dir, name);
    let text: string | null;
    try {
      text = readCapped(file, MAX_REGISTRY_FILE);
    } catch {
      continue; // Removed between readdir and read (the session just exited), or not a file.
    }
    if (text === null) {
      skipped.push({ file, reason: `larger than ${MAX_REGISTRY_FILE} bytes` });
      continue;
    }
    if (text.trim() === "") {
      skipped.push({ file, reason: EMPTY });
      continue;
    }
    const r = parseRegistryEntry(text, file, Number(m[1]));
    if (r.ok) entries.push(r.value);
    else skipped.push({ file, reason: r.error });
  }
  return { entries, skipped };
}

/** Why an empty registry file was skipped: Claude Code has created it and not yet written it. */
export const EMPTY = "empty (not written yet)";

/**
 * readRegistry for a one-time snapshot (`vigil night on`): a file still empty is read again
 * until it is written or `settleMs` has passed. Claude Code 2.1.88 creates `<pid>.json` empty and
 * writes it 0.25–0.9 s later (measured with seven TUIs starting at once); a snapshot that reads
 * it then misses that session for the whole night. A watch pass does not wait: it reads the
 * registry again a minute later.
 */
export function readRegistrySettled(
  opts: RegistryOptions = {},
  settleMs = 2000,
  sleep: (ms: number) => void = Bun.sleepSync,
): { entries: RegistryEntry[]; skipped: SkippedFile[] } {
  let read = readRegistry(opts);
  for (let waited = 0; waited < settleMs && read.skipped.some(beingWritten); waited += 50) {
    sleep(50);
    read = readRegistry(opts);
  }
  return read;
}

/** An empty file created in the last few seconds is being written; one left empty longer (a crashed start) is not. */
function beingWritten(s: SkippedFile): boolean {
  if (s.reason !== EMPTY) return false;
  try {
    return Date.now() - statSync(s.file).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

/** The registry entry for a pid, if that process registered. */
export function findSessionByPid(pid: number, opts: RegistryOptions = {}): RegistryEntry | null {
  const dir = registryDir(opts);
  const file = join(dir, `${pid}.json`);
  try {
    const text = readCapped(file, MAX_REGISTRY_FILE);
    const r = text === null ? null : parseRegistryEntry(text, file, pid);
    return r?.ok ? r.value : null;
  } catch {
    return null;
  }
}

/** The registry entry for a session id; the newest registration wins if several claim it. */
export function findBySessionId(sessionId: string, opts: RegistryOptions = {}): RegistryEntry | null {
  const hits = readRegistry(opts).entries.filter((e) => e.sessionId === sessionId);
  hits.sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0));
  return hits[0] ?? null;
}

/** Key files are a few hundred bytes; anything larger is not one. */
const MAX_KEY_FILE = 4096;

/**
 * The peer token a session publishes for its inbox: `<registry dir>/<pid>.<sha256 of the
 * resolved socket path>.key`, JSON `{peerToken}` (32 hex), written 0600 by 2.1.332 (contract
 * Part D). Null when it is missing, unreadable or not that shape: the inbox then gets no auth
 * line, which Linux and macOS accept.
 */
export function inboxToken(pid: number, socketPath: string, opts: RegistryOptions = {}): string | null {
  const digest = createHash("sha256").update(resolve(socketPath)).digest("hex");
  try {
    const text = readCapped(join(registryDir(opts), `${pid}.${digest}.key`), MAX_KEY_FILE);
    const raw: unknown = text === null ? null : JSON.parse(text);
    const token = isObject(raw) ? str(raw, "peerToken") : null;
    return token !== null && /^[0-9a-f]{32}$/.test(token) ? token : null;
  } catch {
    return null;
  }
}
