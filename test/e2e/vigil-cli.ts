/** Running vigil's own commands against an e2e sandbox, as a person would (its HOME and VIGIL_HOME). */
import { vigilBin } from "./sandbox.ts";
import type { Sandbox } from "./sandbox.ts";

/** `vigil <args>` in the sandbox's work dir; throws with stderr when it exits non-zero. */
export function vigilIn(s: Sandbox, ...args: string[]): string {
  const p = Bun.spawnSync([vigilBin(), ...args], {
    cwd: s.cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, VIGIL_HOME: s.vigilHome, TZ: "UTC", NO_COLOR: "1" },
  });
  if (p.exitCode !== 0) throw new Error(`vigil ${args.join(" ")}: ${p.stderr.toString()}`);
  return p.stdout.toString();
}
