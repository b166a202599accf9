/** `vigil recall`: wiring only (query → index update → search → print). */
import { existsSync } from "node:fs";
import { recallJson, type RecallResult, recallText } from "../core/recall/format.ts";
import { progressLine } from "../core/recall/format.ts";
import { matchPlan, parseQuery } from "../core/recall/query.ts";
import { pickSession } from "../core/recall/session.ts";
import { BOLD, BRACKETS } from "../core/recall/snippet.ts";
import { resolvePaths } from "../edge/paths.ts";
import { openRecallIndex, recallIndexFile } from "../edge/store/recall-index.ts";
import { openStore } from "../edge/store.ts";
import { archivedByPrefix } from "../edge/store/retention.ts";
import { parse } from "./args.ts";
import { type Ctx, Refusal, UsageError } from "./context.ts";
import { HELP } from "./help.ts";

/** Below this many unindexed bytes, indexing is quick enough to need no progress bar. */
const PROGRESS_FROM = 32 << 20;

/** Search a session's transcript; exit 0 with hits, 1 with none. */
export function recallCommand(args: string[], ctx: Ctx): number {
  const { values, positionals } = parse(args, {
    session: { type: "string" },
    transcript: { type: "string" },
    limit: { type: "string" },
    json: { type: "boolean" },
    reindex: { type: "boolean" },
  }, true);
  if (values.help) return (ctx.out(HELP.recall + "\n"), 0);
  const query = positionals.join(" ");
  const terms = parseQuery(query);
  if (terms.length === 0) throw new UsageError("missing query (see vigil recall --help)");
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`invalid --limit "${values.limit}"`);
  if (values.session !== undefined && values.transcript !== undefined) {
    throw new UsageError("give --session or --transcript, not both");
  }
  const paths = resolvePaths(ctx.env);
  const target = values.transcript !== undefined
    ? { transcript: values.transcript, sessionId: null }
    : sessionTranscript(paths.dbFile, values.session);
  if (!existsSync(target.transcript)) throw new Refusal(`transcript "${target.transcript}" does not exist`);

  const index = openRecallIndex(recallIndexFile(paths.stateDir, target.transcript));
  try {
    // stderr, not stdout: main's Ctx only says whether stdout is a terminal.
    const bar = process.stderr.isTTY === true;
    let drawn = false;
    const summary = index.update(target.transcript, {
      reindex: values.reindex === true,
      onProgress: (done, total) => {
        if (!bar || total < PROGRESS_FROM) return;
        ctx.err(`\r${progressLine(done, total)}`);
        drawn = true;
      },
    });
    if (drawn) ctx.err("\n");
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
    const marks = ctx.isTTY && !ctx.env.NO_COLOR ? BOLD : BRACKETS;
    ctx.out((values.json ? recallJson(result) : recallText(result, marks)) + "\n");
    return hits.length > 0 ? 0 : 1;
  } finally {
    index.close();
  }
}

function sessionTranscript(dbFile: string, id: string | undefined): { transcript: string; sessionId: string } {
  if (!existsSync(dbFile)) throw new Refusal("no sessions recorded yet: pass --transcript PATH");
  const store = openStore(dbFile, { readonly: true });
  try {
    // A session gc pruned is still found by id: its transcript is indexed again on demand.
    const archived = id === undefined ? [] : archivedByPrefix(store, id);
    const picked = pickSession([...store.listSessions(), ...archived], { id, cwd: process.cwd() });
    if (!picked.ok) throw new Refusal(picked.error);
    return { transcript: picked.value.transcript_path ?? "", sessionId: picked.value.session_id };
  } finally {
    store.close();
  }
}
