/**
 * `vigil report`: what happened between `since` and `until`, per session, from the store:
 * text (with the last unattended night's ledger in range and the proof), `json` (product.md
 * 9a), or HTML (`html`: a file, or `-` for stdout).
 */
import { writeFileSync } from "node:fs";
import type { CommandIo } from "../core/command-io.ts";
import { ledgerLines, type NightLedger } from "../core/night/ledger.ts";
import { describeProof, proofView } from "../core/prove/last-proof.ts";
import { reportHtml } from "../core/report/html.ts";
import { reportJsonChunks } from "../core/report/json.ts";
import { reportTextChunks } from "../core/report/text.ts";
import { resolvePaths } from "../edge/paths.ts";
import { loadReport } from "../edge/store/report-load.ts";
import { openStore, type Store } from "../edge/store.ts";
import { ledgerOf } from "../night/ledger-of.ts";
import { readNightSetting } from "../night/setting.ts";
import { proofNow } from "../prove/last-proof.ts";
import { resolveSession } from "../serve/report-rows.ts";

/** A report's range (epoch ms), its one session (an id or its prefix), its form. */
export interface ReportRequest {
  since: number;
  until: number;
  session: string | undefined;
  json: boolean;
  html: string | undefined;
  cwd: string;
}

/** Write the report to `io.out` (or the HTML file). */
export function writeReport(o: ReportRequest, io: Pick<CommandIo, "env" | "out">): void {
  const { since, until } = o;
  const store = openStore(resolvePaths(io.env).dbFile);
  try {
    const sessionId = o.session === undefined ? undefined : resolveSession(store, o.session);
    const report = loadReport(store, { since, until, sessionId });
    const night = nightInRange(store, since, until);
    if (o.json) {
      writeBuffered(
        reportJsonChunks(report, {
          night_ledger: night,
          proof: proofView(proofNow({ env: io.env, cwd: o.cwd })),
        }),
        io.out,
      );
    } else if (o.html === "-") io.out(reportHtml(report));
    else if (o.html !== undefined) {
      writeFileSync(o.html, reportHtml(report), { mode: 0o600 });
      io.out(`wrote ${o.html} (${report.sessionCount} sessions, ${report.eventCount} events)\n`);
    } else {
      writeBuffered(reportTextChunks(report), io.out);
      if (night !== null) {
        io.out(`\nunattended night ${iso(night.since)} to ${iso(night.until)}:\n`);
        io.out(ledgerLines(night).map((l) => `  ${l}\n`).join(""));
      }
      io.out(`\nproof: ${describeProof(proofNow({ env: io.env, cwd: o.cwd }))}\n`);
    }
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
