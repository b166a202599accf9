/** `vigil report`: wiring only. Text by default, `--json` (product.md 9a), `--html FILE`. */
import { writeFileSync } from "node:fs";
import { reportHtml } from "../core/report/html.ts";
import { reportJsonChunks } from "../core/report/json.ts";
import { describeProof, proofView } from "../core/prove/last-proof.ts";
import { reportTextChunks } from "../core/report/text.ts";
import { parseWhen } from "../core/report/time.ts";
import { loadReport } from "../edge/store/report-load.ts";
import { resolveSession } from "../serve/report-rows.ts";
import { resolvePaths } from "../edge/paths.ts";
import { openStore, type Store } from "../edge/store.ts";
import { readNightSetting } from "../night/setting.ts";
import { ledgerOf } from "../night/ledger-of.ts";
import { ledgerLines, type NightLedger } from "../core/night/ledger.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { proofNow } from "../prove/last-proof.ts";
import { HELP } from "./help.ts";

/** Run `vigil report [--since 12h] [--until T] [--session ID] [--json | --html FILE]`. */
export function reportCommand(args: string[], ctx: Ctx): number {
  const { values } = parse(args, {
    since: { type: "string" },
    until: { type: "string" },
    session: { type: "string" },
    json: { type: "boolean" },
    html: { type: "string" },
  });
  if (values.help) return (ctx.out(HELP.report + "\n"), 0);
  if (values.json && values.html !== undefined) throw new UsageError("choose one of --json and --html");
  const now = ctx.now();
  const since = when(values.since ?? "12h", now);
  const until = values.until === undefined ? now : when(values.until, now);
  if (until < since) throw new UsageError(`"--until" is before "--since"`);
  const store = openStore(resolvePaths(ctx.env).dbFile);
  try {
    const sessionId = values.session === undefined ? undefined : resolveSession(store, values.session);
    const report = loadReport(store, { since, until, sessionId });
    const night = nightInRange(store, since, until);
    if (values.json) {
      writeBuffered(
        reportJsonChunks(report, {
          night_ledger: night,
          proof: proofView(proofNow({ env: ctx.env, cwd: process.cwd() })),
        }),
        ctx.out,
      );
    } else if (values.html === "-") ctx.out(reportHtml(report));
    else if (values.html !== undefined) {
      writeFileSync(values.html, reportHtml(report), { mode: 0o600 });
      ctx.out(`wrote ${values.html} (${report.sessionCount} sessions, ${report.eventCount} events)\n`);
    } else {
      writeBuffered(reportTextChunks(report), ctx.out);
      if (night !== null) {
        ctx.out(`\nunattended night ${iso(night.since)} to ${iso(night.until)}:\n`);
        ctx.out(ledgerLines(night).map((l) => `  ${l}\n`).join(""));
      }
      ctx.out(`\nproof: ${describeProof(proofNow({ env: ctx.env, cwd: process.cwd() }))}\n`);
    }
    return 0;
  } finally {
    store.close();
  }
}

const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The ledger of the last unattended night, clipped to the report's range; null when none overlaps. */
function nightInRange(store: Store, since: number, until: number): NightLedger | null {
  const n = readNightSetting(store);
  if (n === null) return null;
  const end = Math.min(until, n.offAt ?? n.until ?? until);
  const start = Math.max(since, n.since);
  return end < start ? null : ledgerOf(store, start, end);
}

/** Bytes gathered before a write: a year of events goes out in a few thousand writes, not millions. */
const WRITE_CHUNK = 1 << 16;

/** Write `chunks` through `out`, gathered into writes of about `WRITE_CHUNK` characters. */
function writeBuffered(chunks: Iterable<string>, out: (text: string) => void): void {
  let parts: string[] = [];
  let size = 0;
  for (const c of chunks) {
    parts.push(c);
    size += c.length;
    if (size >= WRITE_CHUNK) (out(parts.join("")), parts = [], size = 0);
  }
  if (parts.length) out(parts.join(""));
}

function when(text: string, now: number): number {
  const r = parseWhen(text, now);
  if (!r.ok) throw new UsageError(r.error);
  return r.value;
}
