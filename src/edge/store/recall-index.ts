/**
 * The full-text index behind `vigil recall`: one SQLite file per transcript under
 * `<stateDir>/recall/`, apart from vigil.db so the hook database stays small and a session's
 * BM25 statistics are its own. Two FTS5 tables over one `docs` table: `docs_tri` (trigram
 * tokenizer, external content: substring match, any script, three characters or more) and
 * `docs_grams` (unicode61 over CJK bigrams and short words, contentless: see
 * core/recall/grams.ts). The transcript is read forwards in chunks from the byte offset
 * reached last time, committed in batches; a replaced, truncated or rewritten file is
 * indexed again from the start. The index is a cache: a schema change rebuilds it.
 */
import { Database } from "bun:sqlite";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type RecallDoc, recordDocs } from "../../core/recall/documents.ts";
import type { IndexSummary, RecallHit } from "../../core/recall/format.ts";
import { gramText } from "../../core/recall/grams.ts";
import { LineSplitter } from "../../core/recall/lines.ts";
import type { MatchPlan } from "../../core/recall/query.ts";
import type { IndexFile } from "../../core/retention.ts";

const SCHEMA_VERSION = 1;
const SCHEMA = [
  `CREATE TABLE source (id INTEGER PRIMARY KEY CHECK (id = 1), path TEXT NOT NULL, file_id TEXT NOT NULL,
    offset INTEGER NOT NULL, epoch INTEGER NOT NULL, docs INTEGER NOT NULL, guard BLOB NOT NULL) STRICT`,
  `CREATE TABLE docs (id INTEGER PRIMARY KEY, offset INTEGER NOT NULL, uuid TEXT, at TEXT, kind TEXT NOT NULL,
    tool TEXT, epoch INTEGER NOT NULL, body TEXT NOT NULL) STRICT`,
  `CREATE VIRTUAL TABLE docs_tri USING fts5(body, content='docs', content_rowid='id', tokenize='trigram')`,
  `CREATE VIRTUAL TABLE docs_grams USING fts5(grams, content='', tokenize='unicode61 remove_diacritics 0')`,
];
/** Bytes before the resume offset that must read the same next time, or the file was rewritten. */
const GUARD_BYTES = 64;
/** A second indexer's batch may hold the write lock this long. */
const BUSY_TIMEOUT_MS = 30_000;

/** Where the index of `transcript` lives. */
export function recallIndexFile(stateDir: string, transcript: string): string {
  const key = createHash("sha256").update(resolve(transcript)).digest("hex").slice(0, 16);
  return join(stateDir, "recall", `${key}.db`);
}

export interface UpdateOptions {
  /** Drop what is indexed and start over. */
  reindex?: boolean;
  chunkBytes?: number;
  /** Input bytes per committed batch. */
  batchBytes?: number;
  /** Longer lines are skipped (a record that size is an image or a blob, not words). */
  maxLineBytes?: number;
  /** Called after each chunk with bytes read and bytes to read in this update. */
  onProgress?: (done: number, total: number) => void;
}

interface SourceRow {
  path: string;
  file_id: string;
  offset: number;
  epoch: number;
  docs: number;
  guard: Uint8Array;
}

class Conflict extends Error {}

/** Open (creating, or rebuilding after a schema change) the index file. */
export function openRecallIndex(file: string): RecallIndex {
  if (!existsSync(dirname(file))) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const index = new RecallIndex(file);
  // gc drops the least recently used indexes first: a search is a use, even with nothing to index.
  const now = new Date();
  utimesSync(file, now, now);
  return index;
}

/** Every index file under `<stateDir>/recall/`, with its size (WAL included) and last use. */
export function listRecallIndexes(stateDir: string): IndexFile[] {
  const dir = join(stateDir, "recall");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((n) => n.endsWith(".db")).flatMap((n) => {
    const file = join(dir, n);
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st) return [];
    const wal = statSync(file + "-wal", { throwIfNoEntry: false })?.size ?? 0;
    return [{ file, bytes: st.size + wal, mtime: st.mtimeMs }];
  });
}

/** Delete an index with its WAL and shared memory (the next recall rebuilds it). */
export function dropRecallIndex(file: string): void {
  for (const ext of ["-wal", "-shm", ""]) rmSync(file + ext, { force: true });
}

/** A handle on one transcript's index. */
export class RecallIndex {
  readonly #db: Database;

  constructor(readonly file: string) {
    const fresh = !existsSync(file);
    this.#db = new Database(file, { create: true, strict: true });
    this.#db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (fresh) chmodSync(file, 0o600);
    this.#db.run("PRAGMA journal_mode = WAL");
    this.#db.run("PRAGMA synchronous = NORMAL");
    this.#db.transaction(() => {
      const v = this.#db.query<{ user_version: number }, []>("PRAGMA user_version").get()?.user_version ?? 0;
      if (v === SCHEMA_VERSION) return;
      for (const t of ["docs_grams", "docs_tri", "docs", "source"]) this.#db.run(`DROP TABLE IF EXISTS ${t}`);
      for (const s of SCHEMA) this.#db.run(s);
      this.#db.run(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    }).immediate();
  }

  /** Index what was appended to `transcript` since the last update (all of it the first time). */
  update(transcript: string, opts: UpdateOptions = {}): IndexSummary {
    const fd = openSync(transcript, "r");
    try {
      for (let attempt = 0;; attempt++) {
        try {
          return this.updateFrom(fd, resolve(transcript), attempt === 0 && opts.reindex === true, opts);
        } catch (e) {
          // Another `vigil recall` indexed the same bytes first: carry on from where it got.
          if (!(e instanceof Conflict) || attempt >= 100) throw e;
        }
      }
    } finally {
      closeSync(fd);
    }
  }

  private updateFrom(fd: number, path: string, reindex: boolean, opts: UpdateOptions): IndexSummary {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error(`transcript "${path}" is not a file`);
    const fileId = `${st.dev}:${st.ino}`;
    const size = st.size;
    let src = this.source();
    const stale = !src || src.path !== path || src.file_id !== fileId || size < src.offset ||
      !sameBytes(readAt(fd, src.offset - src.guard.length, src.guard.length), src.guard);
    const rebuilt = reindex || (src !== null && stale);
    if (reindex || stale) src = this.reset(path, fileId);
    if (src === null) throw new Error("recall index has no source row");
    const start = src.offset;
    const chunkBytes = opts.chunkBytes ?? 4 << 20;
    const batchBytes = opts.batchBytes ?? 4 << 20; // larger batches index a little faster but hold more in memory
    const splitter = new LineSplitter(start, opts.maxLineBytes ?? 64 << 20);
    const decoder = new TextDecoder("utf-8");
    const buf = Buffer.allocUnsafe(chunkBytes);
    let epoch = src.epoch, docs = src.docs, added = 0, committed = start, pos = start;
    let batch: RecallDoc[] = [];
    const visit = (line: Uint8Array, offset: number) => {
      let rec: unknown;
      try {
        rec = JSON.parse(decoder.decode(line));
      } catch {
        return; // a torn or foreign line: skipped, like every edge distrusts input
      }
      const r = recordDocs(rec, { offset, epoch });
      if (r.boundary) epoch++;
      for (const d of r.docs) batch.push(d);
    };
    const flush = () => {
      const guard = readAt(fd, Math.max(0, splitter.end - GUARD_BYTES), Math.min(GUARD_BYTES, splitter.end));
      this.commit(committed, { offset: splitter.end, epoch, docs: docs + batch.length, guard }, batch);
      docs += batch.length;
      added += batch.length;
      committed = splitter.end;
      batch = [];
    };
    while (pos < size) {
      const n = readSync(fd, buf, 0, Math.min(chunkBytes, size - pos), pos);
      if (n <= 0) break; // the file shrank under us: the next update sees it and rebuilds
      splitter.push(buf.subarray(0, n), visit);
      pos += n;
      if (splitter.end - committed >= batchBytes) flush();
      opts.onProgress?.(pos - start, size - start);
    }
    if (splitter.end > committed) flush();
    return { bytes: committed, docs, epochs: epoch, added, rebuilt };
  }

  private source(): SourceRow | null {
    return this.#db.query<SourceRow, []>("SELECT path, file_id, offset, epoch, docs, guard FROM source").get() ?? null;
  }

  private reset(path: string, fileId: string): SourceRow {
    const row: SourceRow = { path, file_id: fileId, offset: 0, epoch: 0, docs: 0, guard: new Uint8Array(0) };
    this.#db.transaction(() => {
      this.#db.run("INSERT INTO docs_tri(docs_tri) VALUES ('delete-all')");
      this.#db.run("INSERT INTO docs_grams(docs_grams) VALUES ('delete-all')");
      this.#db.run("DELETE FROM docs");
      this.#db.query(
        `INSERT OR REPLACE INTO source (id, path, file_id, offset, epoch, docs, guard) VALUES (1, ?, ?, 0, 0, 0, ?)`,
      ).run(path, fileId, row.guard);
    }).immediate();
    return row;
  }

  /** Append one batch, only if nobody moved the offset since `from` (else `Conflict`). */
  private commit(from: number, next: Omit<SourceRow, "path" | "file_id">, batch: RecallDoc[]): void {
    const insDoc = this.#db.query(
      "INSERT INTO docs (offset, uuid, at, kind, tool, epoch, body) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    const insTri = this.#db.query("INSERT INTO docs_tri (rowid, body) VALUES (?, ?)");
    const insGrams = this.#db.query("INSERT INTO docs_grams (rowid, grams) VALUES (?, ?)");
    this.#db.transaction(() => {
      if (this.source()?.offset !== from) throw new Conflict("recall index moved on");
      for (const d of batch) {
        const id = insDoc.run(d.offset, d.uuid, d.at, d.kind, d.tool, d.epoch, d.body).lastInsertRowid;
        insTri.run(id, d.body);
        const grams = gramText(d.body);
        if (grams) insGrams.run(id, grams);
      }
      this.#db.query("UPDATE source SET offset = ?, epoch = ?, docs = ?, guard = ?").run(
        next.offset,
        next.epoch,
        next.docs,
        next.guard,
      );
    }).immediate();
  }

  /** The best `limit` documents for `plan`, best first (bm25: lower is better; ties: newer first). */
  search(plan: MatchPlan, limit: number): RecallHit[] {
    const parts: string[] = [];
    const args: string[] = [];
    if (plan.trigram) {
      parts.push("SELECT rowid AS id, bm25(docs_tri) AS s FROM docs_tri WHERE docs_tri MATCH ?");
      args.push(plan.trigram);
    }
    if (plan.grams) {
      parts.push("SELECT rowid AS id, bm25(docs_grams) AS s FROM docs_grams WHERE docs_grams MATCH ?");
      args.push(plan.grams);
    }
    if (parts.length === 0) return [];
    const need = plan.mode === "all" ? parts.length : 1;
    const sql = `WITH m(id, s) AS MATERIALIZED (${parts.join(" UNION ALL ")}),
      r AS (SELECT id, sum(s) AS score FROM m GROUP BY id HAVING count(*) >= ${need}
            ORDER BY score, id DESC LIMIT ${Math.max(1, Math.floor(limit))})
      SELECT r.score, d.offset, d.uuid, d.at, d.kind, d.tool, d.epoch, d.body
      FROM r JOIN docs d ON d.id = r.id ORDER BY r.score, r.id DESC`;
    return this.#db.query<RecallHit, string[]>(sql).all(...args);
  }

  /** What is indexed now, without reading the transcript. */
  summary(): IndexSummary {
    const s = this.source();
    return { bytes: s?.offset ?? 0, docs: s?.docs ?? 0, epochs: s?.epoch ?? 0, added: 0, rebuilt: false };
  }

  close(): void {
    this.#db.close(false);
  }
}

function readAt(fd: number, position: number, length: number): Uint8Array {
  if (position < 0 || length <= 0) return new Uint8Array(0);
  const buf = Buffer.alloc(length);
  const n = readSync(fd, buf, 0, length, position);
  return buf.subarray(0, n);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
