/**
 * Views of a parsed session transcript for assertions: assistant usage deduplicated by message
 * id (the CLI writes one record per content block, each repeating the usage), and records by type.
 */
import { isRecord } from "./api-request.ts";

export interface RecordedUsage {
  messageId: string;
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

function num(o: Record<string, unknown>, k: string): number {
  const v = o[k];
  return typeof v === "number" ? v : 0;
}

/** Usage of each main-chain assistant message, once per message id, in transcript order. */
export function assistantUsages(transcript: Record<string, unknown>[]): RecordedUsage[] {
  const seen = new Map<string, RecordedUsage>();
  for (const r of transcript) {
    if (r.type !== "assistant" || r.isSidechain === true || !isRecord(r.message)) continue;
    const m = r.message;
    if (typeof m.id !== "string" || !isRecord(m.usage) || m.model === "<synthetic>") continue;
    seen.set(m.id, {
      messageId: m.id,
      input_tokens: num(m.usage, "input_tokens"),
      output_tokens: num(m.usage, "output_tokens"),
      cache_read_input_tokens: num(m.usage, "cache_read_input_tokens"),
      cache_creation_input_tokens: num(m.usage, "cache_creation_input_tokens"),
    });
  }
  return [...seen.values()];
}

/** Records of a type, and of a subtype when given (`system`, `compact_boundary`). */
export function recordsOf(
  transcript: Record<string, unknown>[],
  type: string,
  subtype?: string,
): Record<string, unknown>[] {
  return transcript.filter((r) => r.type === type && (subtype === undefined || r.subtype === subtype));
}
