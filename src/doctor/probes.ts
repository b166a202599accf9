/**
 * What `vigil doctor` looks at, gathered from the outside world into the plain inputs of the
 * pure checks in `src/core/doctor/`. Every probe is bounded (timeouts, read-only database) and
 * none of them throws: a probe that fails becomes part of its input.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Language, Notifier } from "../core/config.ts";
import type { BinInput, SettingsFileInput } from "../core/doctor/wiring.ts";
import {
  type DatabaseInput,
  type EnvelopeInput,
  type PermissionInput,
  unreadableTranscript,
} from "../core/doctor/state.ts";
import type { IdentityInput } from "../core/doctor/identity.ts";
import { probeMany } from "../edge/proc.ts";
import { readRegistry } from "../edge/registry.ts";
import type { NotifyOutcome, ScheduleInput, ServeProbe, ServeService, SocketProbe } from "../core/doctor/services.ts";
import { planServe } from "../core/serve-files.ts";
import type { WrappedTiming } from "../core/doctor/statusline-timing.ts";
import { startWrapped } from "../edge/wrapped-statusline.ts";
import { encodeForward, refusingBuild } from "../core/forward.ts";
import { forward, hookSocketPath, socketPresent } from "../edge/hook-socket.ts";
import type { BinaryInput } from "../core/doctor/versions.ts";
import type { VigilMarks } from "../core/install/entries.ts";
import { inspectSettings } from "../core/install/inspect.ts";
import { parseDoc, valueOf } from "../core/install/json-text.ts";
import { parseAuditDetail } from "../core/audit-details.ts";
import { CRON_MARKER } from "../core/schedule-files.ts";
import { sendNotifications } from "../edge/notify.ts";
import { hostFacts, planForHost, systemScheduleIO } from "../edge/schedule.ts";
import { decodeSettings, readSettings } from "../edge/settings-file.ts";
import { openStore } from "../edge/store.ts";

const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** One settings file: its facts, or why it cannot be used, or absent. */
export function probeSettings(scope: SettingsFileInput["scope"], path: string, marks: VigilMarks): SettingsFileInput {
  try {
    const text = decodeSettings(readSettings(path));
    if (text === null) return { scope, path, facts: null, error: null };
    const doc = parseDoc(text);
    if (!doc.ok) return { scope, path, facts: null, error: doc.error };
    return { scope, path, facts: inspectSettings(valueOf(doc.value, doc.value.root), marks), error: null };
  } catch (e) {
    return { scope, path, facts: null, error: errText(e) };
  }
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * vigil's plugins: the directories `vigil install --plugin` wrote (`dirs`, from the install
 * record) and the copies Claude Code installed from a marketplace (its
 * `plugins/installed_plugins.json`) whose hooks run vigil. Each is its `hooks/hooks.json`.
 */
export function probePlugins(dirs: readonly string[], claudeDir: string, marks: VigilMarks): SettingsFileInput[] {
  const out = dirs.filter((d) => existsSync(join(d, "hooks", "hooks.json"))).map((d) =>
    probeSettings("plugin", join(d, "hooks", "hooks.json"), marks)
  );
  const installed = readJson(join(claudeDir, "plugins", "installed_plugins.json"));
  const known = readJson(join(claudeDir, "plugins", "known_marketplaces.json"));
  const plugins = isRecord(installed) && isRecord(installed.plugins) ? installed.plugins : {};
  for (const [id, entries] of Object.entries(plugins)) {
    const market = known !== null && isRecord(known) ? known[id.split("@")[1] ?? ""] : null;
    const from = isRecord(market) && isRecord(market.source) && market.source.source === "directory"
      ? market.source.path
      : undefined;
    for (const e of Array.isArray(entries) ? entries : []) {
      if (!isRecord(e) || typeof e.installPath !== "string") continue;
      const f = probeSettings("plugin", join(e.installPath, "hooks", "hooks.json"), marks);
      if ((f.facts?.vigilHandlerEvents.length ?? 0) === 0) continue;
      out.push({ ...f, installedAs: id, ...(typeof from === "string" ? { source: from } : {}) });
    }
  }
  return out;
}

/** The programs vigil's hooks run, resolved on PATH when bare, checked on disk. */
export function probeBins(files: readonly SettingsFileInput[], env: Record<string, string | undefined>): BinInput[] {
  const programs = [...new Set(files.flatMap((f) => f.facts?.bins ?? []))];
  const lineOnly = [
    ...new Set(files.flatMap((f) => {
      const sl = f.facts?.statusLine;
      return sl?.kind === "vigil" ? sl.programs ?? [] : [];
    })),
  ].filter((p) => !programs.includes(p));
  const probe = (p: string, statusLineOnly: boolean): BinInput => {
    const path = p.includes("/") ? p : Bun.which(p, { PATH: env.PATH ?? "" }) ?? p;
    const only = statusLineOnly ? { statusLineOnly } : {};
    try {
      const st = statSync(path);
      return { path, exists: true, executable: st.isFile() && (st.mode & 0o111) !== 0, ...only };
    } catch {
      return { path, exists: false, executable: false, ...only };
    }
  };
  return [...programs.map((p) => probe(p, false)), ...lineOnly.map((p) => probe(p, true))];
}

async function versionOf(bin: string): Promise<string | null> {
  try {
    const p = Bun.spawn([bin, "--version"], { stdin: "ignore", stdout: "pipe", stderr: "ignore", timeout: 3_000 });
    const out = await new Response(p.stdout).text();
    await p.exited;
    return /vigil (\S+)/.exec(out)?.[1] ?? null;
  } catch {
    return null;
  }
}

const real = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

/** `vigil` on PATH: which file, whether it is this one, its version. */
export async function probeBinary(
  self: string,
  version: string,
  env: Record<string, string | undefined>,
): Promise<BinaryInput> {
  const onPath = Bun.which("vigil", { PATH: env.PATH ?? "" });
  const onPathIsSelf = onPath !== null && real(onPath) === real(self);
  const onPathVersion = onPath === null ? null : onPathIsSelf ? version : await versionOf(onPath);
  return { self, version, onPath, onPathVersion, onPathIsSelf };
}

const DAY = 24 * 60 * 60 * 1000;

/** The database read-only: integrity, WAL size, recoveries (7 days), hook errors (1 day), envelopes. */
export function probeDatabase(
  file: string,
  now: number,
  envelopesSince: number,
): { db: DatabaseInput; envelopes: EnvelopeInput } {
  const db: DatabaseInput = {
    path: file,
    exists: existsSync(file),
    error: null,
    integrity: [],
    walBytes: 0,
    recovered: [],
    hookErrors: { count: 0, last: null },
    window: "last day",
  };
  const envelopes: EnvelopeInput = { since: envelopesSince, count: 0, tags: [] };
  if (!db.exists) return { db, envelopes };
  try {
    db.walBytes = existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0;
    const store = openStore(file, { readonly: true });
    try {
      db.integrity = store.integrity();
      // Each detail read through its kind's shape: a row of another shape says nothing.
      db.recovered = store.events({ kinds: ["store_recovered"], since: now - 7 * DAY }).map((e) => ({
        at: e.at,
        movedTo: parseAuditDetail("store_recovered", e.detail)?.moved_to ?? null,
      }));
      const errors = store.events({ kinds: ["hook_error"], since: now - DAY });
      const last = errors.at(-1);
      const lastError = last ? parseAuditDetail("hook_error", last.detail)?.error : undefined;
      const unmeasured = new Set<string>();
      for (const e of [...errors].reverse()) {
        const error = parseAuditDetail("hook_error", e.detail)?.error;
        if (e.session_id !== null && error !== undefined && unreadableTranscript(error)) unmeasured.add(e.session_id);
      }
      db.hookErrors = { count: errors.length, last: lastError?.slice(0, 160) ?? null, unmeasured: [...unmeasured] };
      const tags = new Map<string, number>();
      const seen = store.events({ kinds: ["unknown_envelope"], since: envelopesSince });
      for (const e of seen) {
        const t = parseAuditDetail("unknown_envelope", e.detail)?.tag ?? "?";
        tags.set(t, (tags.get(t) ?? 0) + 1);
      }
      envelopes.count = seen.length;
      envelopes.tags = [...tags].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count);
    } finally {
      store.close();
    }
  } catch (e) {
    db.error = errText(e);
  }
  return { db, envelopes };
}

/** The state directory and what is directly inside it. */
export function probePermissions(stateDir: string): PermissionInput[] {
  if (!existsSync(stateDir)) return [];
  const entry = (path: string): PermissionInput[] => {
    try {
      const st = statSync(path);
      return [{ path, kind: st.isDirectory() ? "dir" : "file", mode: st.mode & 0o777 }];
    } catch {
      return [];
    }
  };
  return [...entry(stateDir), ...readdirSync(stateDir).flatMap((n) => entry(join(stateDir, n)))];
}

/** GET /healthz of every serve that vigil's HTTP hooks post to, with a short timeout. */
export function probeServe(urls: readonly string[], timeoutMs = 1_500): Promise<ServeProbe[]> {
  return Promise.all(urls.map(async (url) => {
    const healthz = url.replace(/\/hook$/, "/healthz");
    try {
      const r = await fetch(healthz, { signal: AbortSignal.timeout(timeoutMs) });
      return { url, healthz, ok: r.ok, detail: `HTTP ${r.status}` };
    } catch (e) {
      return { url, healthz, ok: false, detail: errText(e).split("\n")[0] };
    }
  }));
}

/**
 * Who serves the hook socket, asked with a request no build runs (its build is not a build):
 * a serve refuses it with its own build (`anotherBuild`) before anything is run or recorded.
 */
export async function probeHookSocket(stateDir: string, db: string, ours: string): Promise<SocketProbe> {
  const path = hookSocketPath(stateDir);
  if (!socketPresent(path)) return { kind: "absent", path };
  const r = await forward(path, "/hook", encodeForward({ build: "doctor", db, env: {} }, ""), 1_500);
  if (r.kind === "refused" && r.why.startsWith("cannot connect")) return { kind: "stale", path, detail: r.why };
  return { kind: "served", path, build: refusingBuild(r.kind === "answer" ? r.body : r.why), ours };
}

/** The `vigil serve` service file this host's service manager would run, and whether it is there. */
export function probeServeService(self: string, env: Record<string, string | undefined>): ServeService | null {
  const plan = planServe({
    home: env.HOME ?? "",
    bin: self,
    env,
    xdgConfigHome: env.XDG_CONFIG_HOME || undefined,
    args: [],
    tokenFile: null,
    ...hostFacts({}),
  });
  if (!plan.ok || plan.value.scheduler === "cron") return null;
  const path = plan.value.files[plan.value.files.length - 1].path;
  return { scheduler: plan.value.scheduler, path, installed: existsSync(path) };
}

/**
 * Time the user's wrapped statusLine command the way the wrap runs it (`sh -c`, a statusLine
 * payload on stdin), twice, keeping the faster run: a first run may pay a cold cache.
 */
export async function probeWrappedTiming(
  command: string,
  env: Record<string, string | undefined>,
  cwd: string,
  capMs: number,
): Promise<WrappedTiming> {
  const payload = JSON.stringify({
    session_id: "vigil-doctor",
    hook_event_name: "Status",
    cwd,
    transcript_path: "",
    model: { id: "claude-sonnet-4-5", display_name: "Sonnet" },
    workspace: { current_dir: cwd, project_dir: cwd },
    context_window: { context_window_size: 200_000, current_usage: null },
  });
  let best: number | null = null, error: string | null = null;
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    const r = await startWrapped(command, payload, { env, capMs: 5_000 }).result();
    const ms = performance.now() - started;
    if (r.ok) best = best === null ? ms : Math.min(best, ms);
    else error = r.why;
  }
  return { command, ms: best, error: best === null ? error : null, capMs };
}

/** Whether this host's watch schedule (files or crontab line) is in place. */
export async function probeSchedule(self: string, env: Record<string, string | undefined>): Promise<ScheduleInput> {
  const plan = planForHost({ home: env.HOME ?? "", bin: self, env, xdgConfigHome: env.XDG_CONFIG_HOME || undefined });
  let cronLine: boolean | null = null;
  if (plan.scheduler === "cron") {
    try {
      cronLine = (await systemScheduleIO.readCrontab()).split("\n").some((l) => l.trimEnd().endsWith(CRON_MARKER));
    } catch {
      cronLine = null;
    }
  }
  return {
    scheduler: plan.scheduler,
    files: plan.files.map((f) => ({ path: f.path, exists: existsSync(f.path) })),
    cronLine,
  };
}

/** Send one test notification through every configured notifier. */
export async function probeNotify(
  notifiers: readonly Notifier[],
  env: Record<string, string | undefined>,
  now: number,
  cwd: string,
  language: Language = "en",
): Promise<NotifyOutcome[]> {
  const outcomes = await sendNotifications(
    {
      kind: "test",
      at: now,
      sessionId: "vigil-doctor",
      name: "vigil doctor",
      cwd,
      idleMs: null,
      samples: [],
      detail: "vigil doctor --notify-test",
      language,
    },
    notifiers,
    { env, timeoutMs: 5_000, attempts: 1 },
  );
  return outcomes.map((o) => ({ kind: o.kind, target: o.target, result: o.result, error: o.error }));
}

/**
 * Claude Code's registry entries whose pid is alive, each with vigil's probe of that pid (the
 * watch's probe: /proc on Linux, one `ps` on macOS), for the DOWN check's identity.
 */
export function probeIdentity(env: Record<string, string | undefined>): IdentityInput {
  const { entries } = readRegistry({ env, home: env.HOME ?? "" });
  const probes = probeMany(entries.map((e) => e.pid));
  const live: IdentityInput["live"] = [];
  let unprobed = false;
  for (const e of entries) {
    const p = probes.get(e.pid);
    if (p === null) unprobed = true;
    else if (p?.alive) {
      live.push({ pid: e.pid, registered: { procStart: e.procStart, startedAt: e.startedAt }, probed: p });
    }
  }
  return { platform: process.platform, unprobed, live };
}
