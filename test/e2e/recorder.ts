/**
 * The recorder hook: `bun recorder.ts hook|statusline <dir>`. Appends what it was given to
 * `<dir>/hooks.jsonl` and answers from `<dir>/rules.json`. It stands in for vigil so the
 * harness can be proved without vigil's binary. Never fails the hook: errors go to stderr.
 */
import { appendFileSync, closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type HookRecord, matchingRules, type RecorderConfig } from "./recorder-rules.ts";

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function readConfig(dir: string): RecorderConfig {
  const file = join(dir, "rules.json");
  const raw: unknown = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const cfg = isRecord(raw) ? raw : {};
  return {
    rules: Array.isArray(cfg.rules) ? cfg.rules : [],
    statusLine: typeof cfg.statusLine === "string" ? cfg.statusLine : "E2E-STATUS",
  };
}

/** Claim one of rule `i`'s `times` slots; exclusive file creation keeps parallel hooks honest. */
function claim(dir: string, i: number, times: number | undefined): boolean {
  if (times === undefined) return true;
  for (let k = 0; k < times; k++) {
    try {
      closeSync(openSync(join(dir, `rule-${i}-${k}.claimed`), "wx"));
      return true;
    } catch {
      // slot taken, try the next
    }
  }
  return false;
}

function hookEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || !/^(CLAUDE|VIGIL)/.test(k)) continue;
    env[k] = k === "CLAUDE_CODE_MESSAGING_TOKEN" ? "<redacted>" : v;
  }
  return env;
}

async function main(): Promise<number> {
  const [mode, dir] = process.argv.slice(2);
  const raw = await Bun.stdin.text();
  let parsed: unknown = raw;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // keep the raw text: a non-JSON payload is itself worth recording
  }
  const payload = isRecord(parsed) ? parsed : { raw };
  const event = mode === "statusline" ? "StatusLine" : String(payload.hook_event_name ?? "?");
  const cfg = readConfig(dir);
  const rule = mode === "statusline"
    ? undefined
    : matchingRules(cfg.rules, event, payload).find((i) => claim(dir, i, cfg.rules[i].times));
  const record: HookRecord = { ts: new Date().toISOString(), event, payload, env: hookEnv(), rule: rule ?? null };
  appendFileSync(join(dir, "hooks.jsonl"), JSON.stringify(record) + "\n");
  if (mode === "statusline") {
    process.stdout.write(cfg.statusLine + "\n");
    return 0;
  }
  if (rule === undefined) return 0;
  const { stdout, exitCode } = cfg.rules[rule];
  if (stdout !== undefined) process.stdout.write(typeof stdout === "string" ? stdout : JSON.stringify(stdout));
  return exitCode ?? 0;
}

main().then((code) => process.exit(code), (e) => {
  process.stderr.write(`recorder: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(0);
});
