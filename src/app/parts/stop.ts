/** The Stop-gate part of the hook pipeline (hook-parts.ts), loaded on Stop calls only. */
import { awaitingIn } from "../../core/awaiting.ts";
import { unattendedPolicy } from "../../core/policies/unattended.ts";
import { patternSet } from "../../core/stop/patterns.ts";
import type { StopPart } from "./part-types.ts";
import { goalDueFor, stopFactsFor } from "../stop-facts.ts";

export const STOP_PART: StopPart = {
  policy: unattendedPolicy,
  facts: stopFactsFor,
  goalDue: goalDueFor,
  patterns: patternSet,
  awaiting: awaitingIn,
};
