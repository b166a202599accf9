/** What `vigil night` prints: text for a person, or one JSON document (`--json`). */
import { ledgerLines, type NightLedger } from "../core/night/ledger.ts";
import type { Readiness } from "../core/night/readiness.ts";
import { formatDuration } from "../core/notify-format.ts";
import type { NightOutcome } from "./run.ts";
import type { NightSetting, SnapshotEntry } from "./setting.ts";
import type { IdleSession } from "./snapshot.ts";

/** The outcome as text; `now` dates the status line. */
export function nightText(o: NightOutcome, now: number): string {
  if (o.action === "on") return renderOn(o.setting, o.wasOn, o.idle, o.ready);
  if (o.action === "off") {
    if (!o.wasOn || o.ledger === null) return "unattended mode was already off\n";
    // The ledger, not the block count, is the summary: a count of detections hid a lost night.
    return ["unattended mode off; the night's ledger:", ...ledgerLines(o.ledger).map((l) => `  ${l}`)].join("\n") +
      "\n";
  }
  return renderStatus(o.setting, o.active, o.blocks.total, o.blocks.bySession, now, o.ledger);
}

/** The outcome as JSON (one document, with its newline). */
export function nightJson(o: NightOutcome): string {
  if (o.action === "on") {
    const body = { ...o.setting, idle: o.idle.map(idleJson), tonight: o.ready.plan, problems: o.ready.problems };
    return JSON.stringify(body, null, 2) + "\n";
  }
  if (o.action === "off") {
    return JSON.stringify({ on: false, was_on: o.wasOn, blocks: o.blocks, ledger: o.ledger }) + "\n";
  }
  const body = { active: o.active, ...(o.setting ?? { on: false }), blocks: o.blocks, ledger: o.ledger };
  return JSON.stringify(body, null, 2) + "\n";
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
