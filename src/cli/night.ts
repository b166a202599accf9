/** `vigil night on | off | status`: wiring only. */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { nightDeps, nightStatus, turnNightOff, turnNightOn } from "../night/mode.ts";
import type { IdleSession } from "../night/snapshot.ts";
import type { NightSetting, SnapshotEntry } from "../night/setting.ts";
import { parseUntil } from "../app/time-args.ts";
import { scheduleInstalled } from "../core/doctor/services.ts";
import { ledgerLines, type NightLedger } from "../core/night/ledger.ts";
import { nightReadiness, type Readiness } from "../core/night/readiness.ts";
import { formatDuration } from "../core/notify-format.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";
import { openStore } from "../edge/store.ts";
import { readScheduleEnv } from "../edge/schedule.ts";
import { parse } from "./args.ts";
import { type Ctx, Refusal, UsageError } from "./context.ts";
import { probeSchedule } from "../doctor/probes.ts";
import { HELP } from "./help.ts";

export async function nightCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values, positionals } = parse(args, {
    scope: { type: "string", multiple: true },
    until: { type: "string" },
    json: { type: "boolean" },
    force: { type: "boolean" },
  }, true);
  if (values.help) return (ctx.out(HELP.night + "\n"), 0);
  const [action, ...rest] = positionals;
  if (action !== "on" && action !== "off" && action !== "status") {
    throw new UsageError(action === undefined ? `missing "on", "off" or "status"` : `unknown action "${action}"`);
  }
  if (action !== "on" && (values.scope || values.until || values.force || rest.length > 0)) {
    throw new UsageError(`"--scope", "--until" and "--force" go with "night on"`);
  }
  // `--scope A B` : paths after the first --scope value are more scope paths.
  if (rest.length > 0 && !values.scope) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const scope = [...(values.scope ?? []), ...rest].map((p) => resolve(p));
  for (const p of scope) if (!existsSync(p)) throw new UsageError(`scope path "${p}" does not exist`);
  let until: number | null = null;
  if (values.until !== undefined) {
    const u = parseUntil(values.until, ctx.now());
    if (!u.ok) throw new UsageError(u.error);
    until = u.value;
  }
  const paths = resolvePaths(ctx.env);
  const store = openStore(paths.dbFile);
  try {
    const deps = nightDeps(store, loadConfig(paths.configFile, ctx.env).config, { env: ctx.env, now: ctx.now });
    const json = values.json === true;
    if (action === "on") {
      const schedule = await probeSchedule(process.execPath, ctx.env);
      const ready = nightReadiness(deps.config, {
        scheduler: schedule.scheduler,
        installed: scheduleInstalled(schedule),
        env: readScheduleEnv(paths.stateDir),
      });
      const first = ready.problems[0];
      if (first !== undefined && values.force !== true) {
        throw new Refusal(`not turned on: ${first.problem}; fix: ${first.fix} (or --force)`);
      }
      const r = await turnNightOn(deps, { scope, until });
      if (json) {
        const body = { ...r.setting, idle: r.idle.map(idleJson), tonight: ready.plan, problems: ready.problems };
        ctx.out(JSON.stringify(body, null, 2) + "\n");
      } else ctx.out(renderOn(r.setting, r.previous?.on === true, r.idle, ready));
      return 0;
    }
    if (action === "off") {
      const r = turnNightOff(deps);
      const was = r.previous?.on === true;
      if (json) ctx.out(JSON.stringify({ on: false, was_on: was, blocks: r.blocks, ledger: r.ledger }) + "\n");
      else if (!was || r.ledger === null) ctx.out("unattended mode was already off\n");
      else {
        // The ledger, not the block count, is the summary: a count of detections hid a lost night.
        ctx.out(
          ["unattended mode off; the night's ledger:", ...ledgerLines(r.ledger).map((l) => `  ${l}`)].join("\n") + "\n",
        );
      }
      return 0;
    }
    const s = nightStatus(deps);
    if (json) {
      const body = { active: s.active, ...(s.setting ?? { on: false }), blocks: s.blocks, ledger: s.ledger };
      ctx.out(JSON.stringify(body, null, 2) + "\n");
    } else ctx.out(renderStatus(s.setting, s.active, s.blocks.total, s.blocks.bySession, ctx.now(), s.ledger));
    return s.active ? 0 : 1;
  } finally {
    store.close();
  }
}

const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, "Z");

function header(s: NightSetting): string[] {
  return [
    `scope: ${s.scope.length > 0 ? s.scope.join(", ") : "everywhere"}`,
    `until: ${s.until === null ? "none (on until turned off)" : iso(s.until)}`,
  ];
}

function table(entries: readonly SnapshotEntry[]): string[] {
  if (entries.length === 0) return ["snapshot: no live sessions in scope"];
  const rows = entries.map((e) => [
    e.sessionId.slice(0, 8),
    e.name ?? "-",
    e.pid === null ? "-" : String(e.pid),
    e.pane ?? "-",
    e.cwd ?? "-",
  ]);
  const head = ["SESSION", "NAME", "PID", "PANE", "CWD"];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => "  " + r.map((c, i) => i === r.length - 1 ? c : c.padEnd(width[i])).join("  ");
  return [`snapshot: ${entries.length} session${entries.length === 1 ? "" : "s"}`, line(head), ...rows.map(line)];
}

function renderOn(s: NightSetting, wasOn: boolean, idle: readonly IdleSession[], ready: Readiness): string {
  const lines = [
    wasOn ? "unattended mode on (was already on: snapshot refreshed)" : "unattended mode on",
    ...header(s),
    ...ready.plan,
    ...ready.problems.map((p) => `warning (--force): ${p.problem}; fix: ${p.fix}`),
  ];
  lines.push(...table(s.snapshot));
  if (idle.length === 0) lines.push("preflight: no session is idle");
  else {
    lines.push(
      `preflight: ${idle.length} session${
        idle.length === 1 ? " is" : "s are"
      } already idle; a Stop hook cannot wake them:`,
    );
    for (const i of idle) {
      const who = i.entry.name ?? i.entry.sessionId.slice(0, 8);
      lines.push(`  ${who}: ${i.reasons.join("; ")}`, `    ${i.advice}`);
    }
  }
  return lines.join("\n") + "\n";
}

function renderStatus(
  s: NightSetting | null,
  active: boolean,
  blocks: number,
  bySession: Record<string, number>,
  now: number,
  ledger: NightLedger | null,
): string {
  if (s === null) return "unattended mode: off (never turned on)\n";
  const state = active
    ? `on since ${iso(s.since)} (${formatDuration(now - s.since)})`
    : s.on
    ? `expired at ${iso(s.until ?? now)}`
    : `off since ${iso(s.offAt ?? s.since)}`;
  const lines = [`unattended mode: ${state}`, ...header(s), ...table(s.snapshot)];
  const per = Object.entries(bySession).map(([id, n]) => `${id.slice(0, 8)} ${n}`).join(", ");
  lines.push(`stop blocks: ${blocks}${per ? ` (${per})` : ""}`);
  if (ledger !== null) lines.push("ledger:", ...ledgerLines(ledger).map((l) => `  ${l}`));
  return lines.join("\n") + "\n";
}

function idleJson(i: IdleSession) {
  return { session_id: i.entry.sessionId, name: i.entry.name, reasons: i.reasons, idle_ms: i.idleMs, advice: i.advice };
}
