/** Loading the recorded Claude Code payloads under test/fixtures. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const FIXTURES = join(import.meta.dir, "..", "fixtures");

export interface RecordedPayload {
  /** e.g. "2.1.328/basic/PreToolUse#0" */
  name: string;
  version: string;
  event: string;
  stdin: Record<string, unknown>;
  env: Record<string, string>;
}

/** Every recorded hook and statusLine payload of every Claude Code version. */
export function allPayloads(): RecordedPayload[] {
  const out: RecordedPayload[] = [];
  for (const dir of readdirSync(FIXTURES).filter((d) => d.startsWith("claude-code-"))) {
    const version = dir.slice("claude-code-".length);
    const hooks = join(FIXTURES, dir, "hooks");
    for (const entry of readdirSync(hooks, { withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith(".json")) {
        const stdin = JSON.parse(readFileSync(join(hooks, entry.name), "utf8"));
        out.push({ name: `${version}/${entry.name}`, version, event: entry.name.replace(".json", ""), stdin, env: {} });
      } else if (entry.isDirectory()) {
        for (const f of readdirSync(join(hooks, entry.name)).filter((x) => x.endsWith(".jsonl"))) {
          const lines = readFileSync(join(hooks, entry.name, f), "utf8").split("\n").filter(Boolean);
          lines.forEach((line, i) => {
            const rec = JSON.parse(line);
            out.push({
              name: `${version}/${entry.name}/${f.replace(".jsonl", "")}#${i}`,
              version,
              event: f.replace(".jsonl", ""),
              stdin: rec.stdin,
              env: hookEnv(rec.env),
            });
          });
        }
      }
    }
  }
  return out;
}

/**
 * The recorded environment a hook saw, less where the recording harness kept its own state:
 * a payload replayed with the recorder's VIGIL_HOME (or HOME) would write outside the test's
 * temporary home, into a directory every later run shares (2.1.336's first recording did, and
 * a session left there made the next run's SessionStart a resume).
 */
function hookEnv(env: unknown): Record<string, string> {
  if (typeof env !== "object" || env === null) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (typeof v === "string" && k !== "VIGIL_HOME" && k !== "HOME" && !k.startsWith("XDG_")) out[k] = v;
  }
  return out;
}
