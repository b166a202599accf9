/**
 * `vigil report --json` (product.md section 9a): `{ since, until, sessions, events }`, every
 * time as ISO 8601, each event `{ id, at, session_id, kind, detail }`. Fields are only ever
 * added, never renamed: log pipelines and the events API rely on them.
 */
import type { JsonObject } from "../payload.ts";
import type { Category } from "./marks.ts";
import type { Report, ReportEvent } from "./model.ts";

export interface EventJson {
  id: number;
  at: string;
  session_id: string | null;
  kind: string;
  detail: JsonObject;
}

export interface SessionJson {
  session_id: string;
  state: string;
  role: string;
  agent_type: string | null;
  cwd: string | null;
  tokens: number | null;
  window: number | null;
  first_at: string;
  last_at: string;
  states: { state: string; from: string; to: string; ms: number }[];
  marks: ({ at: string; category: Category; kind: string; label: string } & Record<string, string | number | null>)[];
  counts: Record<Category, number>;
}

export interface ReportJson {
  since: string;
  until: string;
  sessions: SessionJson[];
  events: EventJson[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** One event as the report and the events API write it. */
export function eventJson(e: ReportEvent): EventJson {
  return { id: e.id, at: iso(e.at), session_id: e.session_id, kind: e.kind, detail: e.detail };
}

/** The report as plain JSON data. */
export function reportJson(r: Report): ReportJson {
  return {
    since: iso(r.since),
    until: iso(r.until),
    sessions: r.sessions.map((s) => ({
      session_id: s.session_id,
      state: s.state,
      role: s.role,
      agent_type: s.agent_type,
      cwd: s.cwd,
      tokens: s.tokens,
      window: s.window,
      first_at: iso(s.first_at),
      last_at: iso(s.last_at),
      states: s.spans.map((x) => ({ state: x.state, from: iso(x.from), to: iso(x.to), ms: x.to - x.from })),
      marks: s.marks.map((m) => ({ ...m.facts, at: iso(m.at), category: m.category, kind: m.kind, label: m.label })),
      counts: s.counts,
    })),
    events: r.events.map(eventJson),
  };
}
