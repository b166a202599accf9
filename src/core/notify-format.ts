/**
 * Message bodies for the watcher's notifications: one event, rendered for each channel
 * (Discord, Slack, a generic JSON webhook, ntfy, the desktop). Pure: `src/edge/notify.ts`
 * sends them. A notification is a record of what happened and what vigil did about it
 * (seed 004), so every body names the action taken, not only the detection.
 */
import type { Language } from "./config.ts";
import type { JsonObject } from "./payload.ts";

export type NotifyKind =
  | "down"
  | "reuse-down"
  | "stale"
  | "restarted"
  | "restart-failed"
  | "breaker-open"
  | "nudged"
  | "test";

/** One process sample taken by the watcher (RSS, CPU time, age) before the event. */
export interface ProcessSample {
  at: number;
  rssBytes: number | null;
  cpuMs: number | null;
  ageMs: number | null;
}

export interface NotifyEvent {
  kind: NotifyKind;
  at: number;
  sessionId: string;
  name: string | null;
  cwd: string | null;
  /** Time since the transcript last grew. */
  idleMs: number | null;
  /** Newest last; the body keeps the last few. */
  samples: ProcessSample[];
  /** Extra words from the caller, e.g. "restart 2 of 3 in 60 min" or an error. */
  detail: string | null;
  /** The title's language (config.language; English without it). The body's labels are field names. */
  language?: Language;
}

/** Schema version of the generic webhook body; bump only on breaking changes. */
export const WEBHOOK_SCHEMA = "vigil.notify/1";

const HEADLINE: Record<Language, Record<NotifyKind, string>> = {
  en: {
    "down": "is down: its process is gone",
    "reuse-down": "is down: its pid now belongs to another process",
    "stale": "is stalled: its transcript stopped growing",
    "restarted": "was restarted",
    "restart-failed": "could not be restarted",
    "breaker-open": "keeps dying: restarts paused, notifying only",
    "nudged": "was nudged",
    "test": "test notification",
  },
  ko: {
    "down": "다운: 프로세스가 사라졌습니다",
    "reuse-down": "다운: 그 pid를 이제 다른 프로세스가 쓰고 있습니다",
    "stale": "멈춤: 트랜스크립트가 더 늘지 않습니다",
    "restarted": "다시 시작했습니다",
    "restart-failed": "다시 시작하지 못했습니다",
    "breaker-open": "계속 죽습니다: 재시작을 멈추고 알림만 보냅니다",
    "nudged": "재촉 메시지를 보냈습니다",
    "test": "테스트 알림",
  },
  ja: {
    "down": "ダウン: プロセスがなくなりました",
    "reuse-down": "ダウン: その pid は今は別のプロセスのものです",
    "stale": "停滞: トランスクリプトが伸びなくなりました",
    "restarted": "再起動しました",
    "restart-failed": "再起動できませんでした",
    "breaker-open": "落ち続けています: 再起動を止め、通知だけにしています",
    "nudged": "催促を送りました",
    "test": "テスト通知",
  },
};

/** The notification's title: which session, and what happened to it, in its language. */
function titleOf(e: NotifyEvent): string {
  const lang = e.language ?? "en";
  const what = HEADLINE[lang][e.kind];
  switch (lang) {
    case "en":
      return `vigil: session "${label(e)}" ${what}`;
    case "ko":
      return `vigil: 세션 "${label(e)}" — ${what}`;
    case "ja":
      return `vigil: セッション「${label(e)}」— ${what}`;
  }
}

/** A duration as "4h 38m", "12m 5s", "45s". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 === 0 ? `${m}m` : `${m}m ${s % 60}s`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}

function mib(bytes: number | null): string {
  return bytes === null ? "?" : `${Math.round(bytes / 1048576)} MiB`;
}

/** The session as people know it: its name when it has one, else the short id. */
export function label(e: Pick<NotifyEvent, "name" | "sessionId">): string {
  return e.name ?? e.sessionId.slice(0, 8);
}

/** Title, body lines, ntfy tags and priority for one event. */
export function renderText(e: NotifyEvent): { title: string; body: string; tags: string[]; priority: number } {
  const title = titleOf(e);
  const lines = [`session ${e.sessionId}`];
  if (e.cwd !== null) lines.push(`cwd ${e.cwd}`);
  if (e.idleMs !== null) lines.push(`idle ${formatDuration(e.idleMs)}`);
  const last = e.samples.at(-1);
  if (last) {
    const cpu = last.cpuMs === null ? "?" : formatDuration(last.cpuMs);
    const age = last.ageMs === null ? "?" : formatDuration(last.ageMs);
    lines.push(`last sample rss ${mib(last.rssBytes)}, cpu ${cpu}, age ${age}`);
  }
  if (e.detail !== null) lines.push(e.detail);
  lines.push(`at ${new Date(e.at).toISOString()}`);
  const urgent = e.kind === "down" || e.kind === "reuse-down" || e.kind === "restart-failed" ||
    e.kind === "breaker-open";
  return {
    title,
    body: lines.join("\n"),
    tags: urgent ? ["warning", "vigil"] : ["vigil"],
    priority: urgent ? 4 : 3,
  };
}

/** Discord webhook body: `content` is capped at 2000 characters by Discord. */
export function discordBody(e: NotifyEvent): JsonObject {
  const t = renderText(e);
  return { content: `**${t.title}**\n${t.body}`.slice(0, 2000) };
}

/** Slack incoming-webhook body. */
export function slackBody(e: NotifyEvent): JsonObject {
  const t = renderText(e);
  return { text: `*${t.title}*\n${t.body}` };
}

/**
 * The generic webhook body (documented in README: fields are only ever added):
 * `{ schema, event, at (ISO 8601), session: { id, name, cwd }, idle_ms, detail, title, text,
 * samples: [{ at, rss_bytes, cpu_ms, age_ms }] }` with at most the last 12 samples.
 */
export function webhookBody(e: NotifyEvent): JsonObject {
  const t = renderText(e);
  return {
    schema: WEBHOOK_SCHEMA,
    event: e.kind,
    at: new Date(e.at).toISOString(),
    session: { id: e.sessionId, name: e.name, cwd: e.cwd },
    idle_ms: e.idleMs,
    detail: e.detail,
    title: t.title,
    text: t.body,
    samples: e.samples.slice(-12).map((s) => ({
      at: new Date(s.at).toISOString(),
      rss_bytes: s.rssBytes,
      cpu_ms: s.cpuMs,
      age_ms: s.ageMs,
    })),
  };
}
