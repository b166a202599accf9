/** `/metrics` read back by a Prometheus text-format parser, plus a strict line grammar check. */
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import parse, { type PromFamily } from "parse-prometheus-text-format";
import { createApp } from "../../src/serve/app.ts";
import { MIN, seedStore, T0, W1, W2 } from "../core/report-seed.ts";
import { withRawDb } from "../raw-db.ts";
import { seedDetail } from "../support/audit-seed.ts";

const NOW = T0 + 360 * MIN;
const { home, store } = seedStore();
afterAll(() => {
  store.close();
  rmSync(home, { recursive: true, force: true });
});

let hookCalls = 0;
const app = createApp({
  store: () => store,
  clock: () => NOW,
  runHook: (input) => {
    hookCalls++;
    return input === "bad" ? { stdout: "", error: "not JSON" } : { stdout: "", error: null };
  },
});

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABELS = `\\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"(?:,|(?=\\})))*\\}`;
const VALUE = "(?:[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?|[-+]?Inf|NaN)";
const SAMPLE = new RegExp(`^(${NAME})(${LABELS})? ${VALUE}$`);

/** Every line is HELP, TYPE or a sample of the family most recently typed (format 0.0.4). */
function grammarErrors(text: string): string[] {
  const errors: string[] = [];
  let family = "";
  let type = "";
  if (!text.endsWith("\n")) errors.push("no final newline");
  for (const line of text.trimEnd().split("\n")) {
    const help = new RegExp(`^# HELP (${NAME}) .*$`).exec(line);
    const typed = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    const sample = SAMPLE.exec(line);
    if (typed) [family, type] = [typed[1], typed[2]];
    else if (help) continue;
    else if (!sample) errors.push(`bad line: ${line}`);
    else {
      const suffixes = type === "histogram" ? ["_bucket", "_sum", "_count"] : [""];
      if (!suffixes.some((s) => sample[1] === family + s)) errors.push(`sample outside its family: ${line}`);
    }
  }
  return errors;
}

async function scrape(): Promise<{ text: string; families: Map<string, PromFamily> }> {
  const res = await app.request("/metrics");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  const text = await res.text();
  return { text, families: new Map(parse(text).map((f) => [f.name, f])) };
}

function values(f: PromFamily | undefined, label: string): Record<string, number> {
  return Object.fromEntries((f?.metrics ?? []).map((m) => [m.labels?.[label] ?? "", Number(m.value)]));
}

describe("/metrics", () => {
  test("parses back: sessions, context, decisions, detections, events, hook latency", async () => {
    for (const body of ["{}", "{}", "bad"]) await app.request("/hook", { method: "POST", body });
    const { text, families } = await scrape();
    expect(grammarErrors(text)).toEqual([]);
    expect(families.get("vigil_sessions")?.type).toBe("GAUGE");
    expect(values(families.get("vigil_sessions"), "state")).toEqual({
      normal: 2,
      soft: 0,
      hard: 0,
      compacting: 0,
      restoring: 1,
      stalled: 0,
      dead: 0,
    });
    expect(values(families.get("vigil_session_context_tokens"), "session_id")).toMatchObject({
      [W1]: 80_000,
      [W2]: 40_000,
    });
    const decisions = (families.get("vigil_hook_decisions_total")?.metrics ?? [])
      .map((m) => `${m.labels?.decision}/${m.labels?.rule}=${m.value}`).sort();
    expect(decisions).toEqual(["block/soft.refuse=1", "block/unattended.stop=1", "deny/hard.deny=1"]);
    expect(values(families.get("vigil_watch_detections_total"), "kind")).toEqual({ down: 1, stale: 1 });
    expect(values(families.get("vigil_events_total"), "kind")).toMatchObject({ hook: 7, state: 8, guard: 3 });
    const latency = families.get("vigil_http_hook_duration_seconds");
    expect(latency?.type).toBe("HISTOGRAM");
    expect(Number(latency?.metrics[0].count)).toBe(hookCalls);
    expect(Number(latency?.metrics[0].buckets?.["+Inf"])).toBe(hookCalls);
    expect(values(families.get("vigil_http_hook_requests_total"), "outcome")).toEqual({ ok: 2, error: 1, closed: 0 });
  });

  test("counters follow events written after the first scrape", async () => {
    const before = values((await scrape()).families.get("vigil_events_total"), "kind");
    store.appendEvent(
      NOW,
      W1,
      "hook",
      seedDetail("hook", { event: "PreToolUse", decision: "deny", rule: "hard.deny" }),
    );
    store.appendEvent(NOW, W2, "died", seedDetail("died", { at: NOW, reason: "process gone" }));
    const { families } = await scrape();
    const after = values(families.get("vigil_events_total"), "kind");
    expect([after.hook - before.hook, after.died - (before.died ?? 0)]).toEqual([1, 1]);
    const deny = families.get("vigil_hook_decisions_total")?.metrics.find((m) => m.labels?.rule === "hard.deny");
    expect(deny?.value).toBe("2");
    expect(values(families.get("vigil_watch_detections_total"), "kind").down).toBe(2);
  });

  test("label values are escaped", async () => {
    // Kinds are a closed set now; an older version's rows may still carry any text.
    withRawDb(
      store.file,
      (db) =>
        db.query("INSERT INTO events (at, session_id, kind, detail) VALUES (?, ?, ?, '{}')").run(
          NOW,
          W1,
          'odd"kind\\with\nnewline',
        ),
    );
    const { text } = await scrape();
    expect(grammarErrors(text)).toEqual([]);
    expect(text).toContain('vigil_events_total{kind="odd\\"kind\\\\with\\nnewline"} 1');
  });
});
