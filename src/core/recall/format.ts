/**
 * What `vigil recall` prints: ranked hits as text or JSON, and the indexing progress bar.
 * The index hands over whole bodies; the snippet and its marks are made here.
 */
import type { DocKind } from "./documents.ts";
import type { MatchMode } from "./query.ts";
import { BRACKETS, type Marks, snippet } from "./snippet.ts";

/** One ranked document, as the index returns it. */
export interface RecallHit {
  /** bm25() summed over the indexes that matched: lower is better. */
  score: number;
  offset: number;
  uuid: string | null;
  at: string | null;
  kind: DocKind;
  tool: string | null;
  epoch: number;
  body: string;
}

/** What the index holds after the last update. */
export interface IndexSummary {
  /** Bytes of the transcript indexed (the offset the next update starts from). */
  bytes: number;
  docs: number;
  /** Compactions seen (the epoch of the newest records). */
  epochs: number;
  /** Documents added by this update. */
  added: number;
  /** True when the index was dropped and rebuilt (file replaced, truncated, or `--reindex`). */
  rebuilt: boolean;
}

/** Everything one search answered. */
export interface RecallResult {
  query: string;
  terms: string[];
  ignored: string[];
  mode: MatchMode;
  transcript: string;
  sessionId: string | null;
  index: IndexSummary;
  hits: RecallHit[];
}

/** The `--json` document (field names are a contract: extend, never rename). */
export function recallJson(r: RecallResult): string {
  return JSON.stringify(
    {
      query: r.query,
      terms: r.terms,
      ignored: r.ignored,
      mode: r.mode,
      session_id: r.sessionId,
      transcript_path: r.transcript,
      indexed: { bytes: r.index.bytes, documents: r.index.docs, compactions: r.index.epochs, added: r.index.added },
      hits: r.hits.map((h, i) => {
        const s = snippet(h.body, r.terms, { marks: BRACKETS });
        return {
          rank: i + 1,
          score: Number(h.score.toFixed(4)),
          at: h.at,
          epoch: h.epoch,
          kind: h.kind,
          tool: h.tool,
          uuid: h.uuid,
          offset: h.offset,
          matched: s.matched,
          snippet: s.text,
        };
      }),
    },
    null,
    2,
  );
}

/** Hits as text: a heading line per hit (rank, time, epoch, kind), then its snippet. */
export function recallText(r: RecallResult, marks: Marks = BRACKETS): string {
  const lines: string[] = [];
  const n = r.hits.length;
  const terms = r.terms.map((t) => `"${t}"`).join(" ");
  const scope = r.mode === "any" && r.terms.length > 1 ? " (no record has every term; showing records with any)" : "";
  lines.push(n === 0 ? `no hits for ${terms}` : `${n} ${n === 1 ? "hit" : "hits"} for ${terms}${scope}`);
  if (r.ignored.length) lines.push(`ignored ${r.ignored.map((t) => `"${t}"`).join(" ")}: too short to search alone`);
  r.hits.forEach((h, i) => {
    const s = snippet(h.body, r.terms, { marks });
    const kind = h.tool ? `${h.kind} ${h.tool}` : h.kind;
    lines.push("", `${i + 1}. ${when(h.at)}  epoch ${h.epoch}  ${kind}  ${short(h.uuid)}`.trimEnd(), `   ${s.text}`);
  });
  lines.push(
    "",
    `${r.transcript}: ${r.index.docs} documents, ${r.index.epochs} ${
      r.index.epochs === 1 ? "compaction" : "compactions"
    }${r.index.rebuilt ? " (index rebuilt)" : ""}`,
  );
  return lines.join("\n");
}

function when(at: string | null): string {
  if (!at) return "(no time)";
  const t = Date.parse(at);
  return Number.isNaN(t) ? at : new Date(t).toISOString().replace("T", " ").replace(/\.\d+Z$/, "Z");
}

function short(uuid: string | null): string {
  return uuid ? uuid.slice(0, 8) : "";
}

/** One progress line for indexing `done` of `total` bytes (the caller rewrites it with `\r`). */
export function progressLine(done: number, total: number, width = 30): string {
  const f = total > 0 ? Math.min(1, done / total) : 1;
  const full = Math.round(f * width);
  const mb = (b: number) => (b / 1e6).toFixed(0);
  return `vigil recall: indexing [${"#".repeat(full)}${"-".repeat(width - full)}] ${Math.floor(f * 100)}% ${mb(done)}/${
    mb(total)
  } MB`;
}
