/**
 * `vigil report --json` (product.md section 9a): `{ since, until, sessions, events }`, every
 * time as ISO 8601, each event `{ id, at, session_id, kind, detail }`. Fields are only ever
 * added, never renamed: log pipelines and the events API rely on them.
 */
import type { JsonObject } from "../payload.ts";
import { type Category, parseDetail } from "./marks.ts";
import type { Report, ReportEvent, ReportEventRow, ReportSession } from "./model.ts";

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

/**
 * One event as JSON text, its stored `detail` (an object's JSON text) written as it is: the
 * same object `eventJson` makes, without parsing and re-serialising every row of a range.
 */
export function eventLine(e: ReportEventRow): string {
  return `{"id":${e.id},"at":"${iso(e.at)}","session_id":${JSON.stringify(e.session_id)},"kind":${
    JSON.stringify(e.kind)
  },"detail":${e.detail}}`;
}

function sessionJson(s: ReportSession): SessionJson {
  return {
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
  };
}

/** The report as plain JSON data (every event in memory: for bounded ranges, e.g. the API). */
export function reportJson(r: Report): ReportJson {
  return {
    since: iso(r.since),
    until: iso(r.until),
    sessions: Array.from(r.sessions, sessionJson),
    events: Array.from(r.events, (e) => eventJson({ ...e, detail: parseDetail(e.detail) })),
  };
}

/**
 * The report's JSON text in pieces, in `reportJson`'s shape plus the `extra` fields after
 * `events`: sessions one at a time, then the events one line each as the iterator yields
 * them, so writing a year's report holds one session or one event at a time.
 */
export function* reportJsonChunks(r: Report, extra: Record<string, unknown> = {}): Generator<string> {
  yield `{\n  "since": ${JSON.stringify(iso(r.since))},\n  "until": ${JSON.stringify(iso(r.until))},\n  "sessions": [`;
  let first = true;
  for (const s of r.sessions) {
    yield (first ? "\n    " : ",\n    ") + JSON.stringify(sessionJson(s));
    first = false;
  }
  yield `${first ? "" : "\n  "}],\n  "events": [`;
  first = true;
  for (const e of r.eventLines ?? linesOf(r.events)) {
    yield (first ? "\n    " : ",\n    ") + e;
    first = false;
  }
  yield `${first ? "" : "\n  "}]`;
  for (const [k, v] of Object.entries(extra)) yield `,\n  ${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  yield "\n}\n";
}

function* linesOf(events: Iterable<ReportEventRow>): Generator<string> {
  for (const e of events) yield eventLine(e);
}
