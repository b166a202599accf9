/**
 * One hook call in a fresh process, as `vigil hook` runs it (the parts loaded on demand), with
 * the time its write transaction held the lock (BEGIN IMMEDIATE to COMMIT) and the time of the
 * whole call. A template: bench/lock-hold.ts points its `../src/` imports at a checkout and
 * compiles it with vigil's switches, so two trees are measured as compiled code in one run.
 *
 *   VIGIL_HOME=… <compiled probe> PAYLOAD_FILE
 */
import { readFileSync } from "node:fs";
import { hookDeps } from "../src/app/deps.ts";
import { runHookLoading } from "../src/app/run-hook.ts";

const payloadFile = Bun.argv[2];
if (!payloadFile) throw new Error("usage: <probe> PAYLOAD_FILE");
const input = readFileSync(payloadFile, "utf8");
const deps = hookDeps(process.env, Date.now);
const open = deps.store;
let hold = 0, transactions = 0;
const seen = new Set<unknown>();
deps.store = () => {
  const store = open();
  if (!seen.has(store)) {
    seen.add(store);
    const transaction = store.transaction.bind(store);
    store.transaction = <T>(fn: () => T): T => {
      const t0 = performance.now();
      try {
        return transaction(fn);
      } finally {
        hold += performance.now() - t0;
        transactions++;
      }
    };
  }
  return store;
};
const t0 = performance.now();
const out = await runHookLoading(input, deps);
const total = performance.now() - t0;
deps.close();
console.log(JSON.stringify({ hold, total, transactions, error: out.error }));
