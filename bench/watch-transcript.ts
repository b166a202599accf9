/**
 * The transcript every bench session of the watch benches holds (bench/watch.ts, and
 * bench/watch-probe.ts on each side of bench/watch-ab.ts): 20 turns, 30 s apart, ending on an
 * answered turn, written relative to `now`.
 */
const line = (o: unknown) => JSON.stringify(o) + "\n";

/** Twenty user/assistant turns, the last ending the turn. */
export function transcriptText(now: number): string {
  let t = "";
  for (let i = 0; i < 20; i++) {
    const at = new Date(now - (20 - i) * 30_000).toISOString();
    t += line({ type: "user", timestamp: at, message: { role: "user", content: `step ${i}: ${"x".repeat(400)}` } });
    t += line({
      type: "assistant",
      timestamp: at,
      message: {
        id: `m${i}`,
        stop_reason: i === 19 ? "end_turn" : "tool_use",
        content: [{ type: "text", text: "ok" }],
      },
    });
  }
  return t;
}
