/**
 * PLACEHOLDER until the HARD allow-list lands (another engineer owns this file): it lets every
 * tool through, so HARD denies nothing yet. Replace wholesale; keep the signature.
 */
import type { Config } from "../config.ts";
import type { HookPayload } from "../payload.ts";

/** Whether a tool call may run at HARD, the rule that decided and why. */
export function checkToolAtHard(
  _payload: HookPayload,
  _config: Config,
): { allowed: boolean; rule: string; detail: string } {
  return { allowed: true, rule: "hard.pending", detail: "HARD allow-list not built yet" };
}
