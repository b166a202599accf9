/** `vigil status`: wiring only. */
import { statusObjects, statusTable } from "../core/status-view.ts";
import { resolvePaths } from "../edge/paths.ts";
import { openStore } from "../edge/store.ts";
import { parse } from "./args.ts";
import { type Ctx } from "./context.ts";
import { proofStatusLine } from "../prove/last-proof.ts";
import { HELP } from "./help.ts";

const DAY = 86_400_000;

export function statusCommand(args: string[], ctx: Ctx): number {
  const { values } = parse(args, { json: { type: "boolean" }, all: { type: "boolean" } });
  if (values.help) return (ctx.out(HELP.status + "\n"), 0);
  const store = openStore(resolvePaths(ctx.env).dbFile);
  try {
    const now = ctx.now();
    const rows = store.listSessions().filter((r) => values.all || now - r.updated_at < DAY);
    const objs = statusObjects(rows);
    ctx.out((values.json ? JSON.stringify(objs, null, 2) : statusTable(objs, now)) + "\n");
    const proof = values.json ? null : proofStatusLine({ env: ctx.env, cwd: process.cwd() });
    if (proof !== null) ctx.out(proof + "\n");
    return 0;
  } finally {
    store.close();
  }
}
