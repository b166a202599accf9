/**
 * `vigil recall`: bring the transcript's full-text index up to date (a progress bar on a
 * terminal's stderr for a large backlog), search it for all the terms, else any of them, and
 * print the hits. The transcript is given, or the session's (by id, else the one in `cwd`).
 */
import { existsSync } from "node:fs";
import { type CommandIo, Refusal } from "../core/command-io.ts";
import { progressLine, recallJson, type RecallResult, recallText } from "../core/recall/format.ts";
import { matchPlan } from "../core/recall/query.ts";
import { pickSession } from "../core/recall/session.ts";
import { BOLD, BRACKETS } from "../core/recall/snippet.ts";
import { resolvePaths } from "../edge/paths.ts";
import { openRecallIndex, recallIndexFile } from "../edge/store/recall-index.ts";
import { archivedByPrefix } from "../edge/store/retention.ts";
import { openStore } from "../edge/store.ts";

/** Below this many unindexed bytes, indexing is quick enough to need no progress bar. */
const PROGRESS_FROM = 32 << 20;

/** A search, as the command line asked for it (query parsed there). */
export interface RecallRequest {
  query: string;
  terms: string[];
  limit: number;
  session: string | undefined;
  transcript: string | undefined;
  json: boolean;
  reindex: boolean;
  /** Whether stdout is a terminal (hits are marked in bold there). */
  tty: boolean;
  cwd: string;
}

/** Search and print; 0 with hits, 1 with none. */
export function recall(o: RecallRequest, io: CommandIo): number {
  const { query, terms, limit } = o;
  const paths = resolvePaths(io.env);
  const target = o.transcript !== undefined
    ? { transcript: o.transcript, sessionId: null }
    : sessionTranscript(paths.dbFile, o.session, o.cwd);
  if (!existsSync(target.transcript)) throw new Refusal(`transcript "${target.transcript}" does not exist`);

  const index = openRecallIndex(recallIndexFile(paths.stateDir, target.transcript));
  try {
    // stderr, not stdout: main's Ctx only says whether stdout is a terminal.
    const bar = process.stderr.isTTY === true;
    let drawn = false;
    const summary = index.update(target.transcript, {
      reindex: o.reindex,
      onProgress: (done, total) => {
        if (!bar || total < PROGRESS_FROM) return;
        io.err(`\r${progressLine(done, total)}`);
        drawn = true;
      },
    });
    if (drawn) io.err("\n");
    let plan = matchPlan(terms, "all");
    let hits = index.search(plan, limit);
    if (hits.length === 0 && plan.terms.length > 1) {
      plan = matchPlan(terms, "any");
      hits = index.search(plan, limit);
    }
    const result: RecallResult = {
      query,
      terms: plan.terms,
      ignored: plan.ignored,
      mode: plan.mode,
      transcript: target.transcript,
      sessionId: target.sessionId,
      index: summary,
      hits,
    };
    const marks = o.tty && !io.env.NO_COLOR ? BOLD : BRACKETS;
    io.out((o.json ? recallJson(result) : recallText(result, marks)) + "\n");
    return hits.length > 0 ? 0 : 1;
  } finally {
    index.close();
  }
}

function sessionTranscript(
  dbFile: string,
  id: string | undefined,
  cwd: string,
): { transcript: string; sessionId: string } {
  if (!existsSync(dbFile)) throw new Refusal("no sessions recorded yet: pass --transcript PATH");
  const store = openStore(dbFile, { readonly: true });
  try {
    // A session gc pruned is still found by id: its transcript is indexed again on demand.
    const archived = id === undefined ? [] : archivedByPrefix(store, id);
    const picked = pickSession([...store.listSessions(), ...archived], { id, cwd });
    if (!picked.ok) throw new Refusal(picked.error);
    return { transcript: picked.value.transcript_path ?? "", sessionId: picked.value.session_id };
  } finally {
    store.close();
  }
}
