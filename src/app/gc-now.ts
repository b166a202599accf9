/** `vigil gc`: one whole retention run (`gc.ts`) over the store, under the configured policy. */
import { existsSync } from "node:fs";
import { type CommandIo, Refusal } from "../core/command-io.ts";
import { retentionPolicy } from "../core/retention.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";
import { openStore } from "../edge/store.ts";
import { type GcSummary, runGc } from "./gc.ts";

/** Run retention now (or say what it would do, with `dryRun`); refuses without a store. */
export function gcNow(o: { dryRun: boolean }, io: Pick<CommandIo, "env" | "now">): GcSummary {
  const paths = resolvePaths(io.env);
  if (!existsSync(paths.dbFile)) throw new Refusal(`no store at "${paths.dbFile}": nothing to collect`);
  const policy = retentionPolicy(loadConfig(paths.configFile, io.env).config);
  const store = openStore(paths.dbFile);
  try {
    return runGc(store, policy, { now: io.now(), stateDir: paths.stateDir, dryRun: o.dryRun });
  } finally {
    store.close();
  }
}
