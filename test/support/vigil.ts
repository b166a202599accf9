/** Running the compiled binary the way Claude Code does: a fresh process per call. */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const BIN = process.env.VIGIL_BIN ?? join(import.meta.dir, "..", "..", "dist", "vigil");

if (!existsSync(BIN)) throw new Error(`no vigil binary at "${BIN}": run "bun run compile.ts --single" first`);

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A scrubbed environment with its own VIGIL_HOME. */
export function testEnv(extra: Record<string, string> = {}): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), "vigil-test-"));
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    VIGIL_HOME: join(home, "vigil"),
    TZ: "UTC",
    NO_COLOR: "1",
    LANG: "C",
    ...extra,
  };
}

/** Run `vigil <args>` with stdin. */
export function vigil(args: string[], stdin: string | Uint8Array, env: Record<string, string>): Run {
  const p = Bun.spawnSync([BIN, ...args], { stdin: typeof stdin === "string" ? Buffer.from(stdin) : stdin, env });
  return { code: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}
