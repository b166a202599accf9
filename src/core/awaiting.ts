/**
 * What a final assistant message waits on a person for (gate 4 of the Stop gate's classifier):
 * approval, a question, an escape phrase. Its own module, not rest.ts: the classifier and its
 * tables are loaded only where a message is classified (the hook's Stop part, the watch), and
 * loading them with rest.ts cost every other hook call ~0.8 MiB of peak RSS (bench/RESULTS.md).
 */
import type { AwaitKind } from "../../machines/session.ts";
import { classifyMessage } from "./stop/classify.ts";
import type { PatternSet } from "./stop/patterns.ts";

const AWAIT_KINDS: ReadonlySet<string> = new Set(["approval", "question", "escape"]);

/** What a final assistant message waits on a person for, or null (no message, or not waiting). */
export function awaitingIn(message: string | null, patterns: PatternSet): AwaitKind | null {
  if (message === null || message.trim() === "") return null;
  const waiting = classifyMessage(message, patterns).waiting;
  return waiting !== null && AWAIT_KINDS.has(waiting.kind) ? awaitKind(waiting.kind) : null;
}

function awaitKind(k: string): AwaitKind {
  return k === "approval" ? "approval" : k === "question" ? "question" : "escape";
}
