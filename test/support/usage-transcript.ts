/** A one-record transcript whose last assistant turn used a given context, for limit tests. */
import { writeFileSync } from "node:fs";

/** Write `path`: one main-chain assistant record that used `tokens` of context, saying `text`. */
export function transcriptAt(path: string, tokens: number, text = ""): string {
  const rec = {
    type: "assistant",
    timestamp: new Date().toISOString(),
    isSidechain: false,
    message: {
      id: "m1",
      role: "assistant",
      model: "claude-sonnet-4-5",
      stop_reason: "end_turn",
      content: text ? [{ type: "text", text }] : [],
      usage: {
        input_tokens: 10,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: tokens - 10,
        output_tokens: 50,
      },
    },
  };
  writeFileSync(path, JSON.stringify(rec) + "\n");
  return path;
}
