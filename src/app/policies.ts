/**
 * The policies every hook call consults, in the order their proposals are listed. Each only
 * proposes; `combine` (src/core/output.ts) is the one writer.
 */
import { continuityPolicy } from "../core/policies/continuity.ts";
import { guardPolicy } from "../core/policies/guard.ts";
import { unattendedPolicy } from "../core/policies/unattended.ts";
import type { Policy } from "../core/policy.ts";

export const POLICIES: Policy[] = [guardPolicy, continuityPolicy, unattendedPolicy];
