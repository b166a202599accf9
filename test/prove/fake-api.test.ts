/**
 * The fake Messages API without the CLI: which requests consume turns, what each kind of
 * request is answered with, and that the SSE stream rebuilds the scripted message.
 */
import { afterAll, expect, test } from "bun:test";
import { COMPACT_MARKER, startFakeApi } from "../../src/prove/fake-api/server.ts";
import { bash, text } from "../../src/prove/fake-api/scenario.ts";

const fake = startFakeApi({
  turns: [bash("echo one", { input_tokens: 7, cache_read_input_tokens: 70_000 }), text("second")],
  lanes: [{ when: (req) => JSON.stringify(req.body?.system ?? "").includes("WORKER"), turns: [text("lane reply")] }],
  summary: "SUMMARY_TEXT",
});
afterAll(() => fake.stop());

const tools = [{ name: "Bash", input_schema: {} }];
const user = (t: string) => [{ role: "user", content: [{ type: "text", text: t }] }];
const titleSchema = { type: "json_schema", schema: { type: "object", properties: { title: { type: "string" } } } };

/** POST a body and fold the SSE (or JSON) answer back into one message. */
async function ask(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${fake.url}/v1/messages?beta=true`, { method: "POST", body: JSON.stringify(body) });
  if (body.stream !== true) return await res.json();
  const events = (await res.text()).split("\n").filter((l) => l.startsWith("data: ")).map((l) =>
    JSON.parse(l.slice(6))
  );
  const start = events.find((e) => e.type === "message_start").message;
  const content = events.filter((e) => e.type === "content_block_start").map((e) => {
    const deltas = events.filter((d) => d.type === "content_block_delta" && d.index === e.index).map((d) => d.delta);
    const block = e.content_block;
    return block.type === "text"
      ? { type: "text", text: deltas.map((d) => d.text).join("") }
      : { type: block.type, name: block.name, input: JSON.parse(deltas.map((d) => d.partial_json).join("")) };
  });
  const end = events.find((e) => e.type === "message_delta");
  return { content, stop_reason: end.delta.stop_reason, usage: end.usage, start_usage: start.usage };
}

test.each([
  ["main, first turn", { tools, messages: user("go"), stream: true }, "main", 0, {
    content: [{ type: "tool_use", name: "Bash", input: { command: "echo one", description: "echo one" } }],
    stop_reason: "tool_use",
    usage: { input_tokens: 7, cache_read_input_tokens: 70_000, output_tokens: 10 },
  }],
  ["compaction, no turn used", { tools, messages: user(`Please ${COMPACT_MARKER}.`), stream: true }, "compact", null, {
    content: [{ type: "text", text: "SUMMARY_TEXT" }],
    stop_reason: "end_turn",
  }],
  ["lane", { tools, system: "You are WORKER", messages: user("w"), stream: true }, "main", 0, {
    content: [{ type: "text", text: "lane reply" }],
  }],
  ["side title, JSON asked", { tools: [], messages: user("t"), output_config: { format: titleSchema } }, "side", null, {
    content: [{ type: "text", text: JSON.stringify({ title: "E2E scripted session" }) }],
  }],
  ["main, second turn, not streamed", { tools, messages: user("again") }, "main", 1, {
    content: [{ type: "text", text: "second" }],
  }],
  ["turns used up: fallback", { tools, messages: user("more"), stream: true }, "main", null, {
    content: [{ type: "text", text: "Done." }],
  }],
])("%s", async (_name, body, kind, turn, expected) => {
  expect(await ask(body)).toMatchObject(expected);
  expect(fake.requests.at(-1)).toMatchObject({ kind, turn, path: "/v1/messages" });
});

test("every turn was used and nothing failed", () => {
  expect([fake.unusedTurns(), fake.errors]).toEqual([0, []]);
});

// Claude Code writes its transcript a moment late; a model that answers at once would let the next tool call's hooks
// read a transcript several replies behind. A main request waits, via `settle`, for the main reply before it.
test("a main request is answered only once settle has seen the main reply before it (side requests never wait)", async () => {
  const seen: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const waiting = startFakeApi({ turns: [bash("echo one"), text("two")] }, {
    settle: async (id) => {
      seen.push(id);
      await gate;
    },
  });
  try {
    const post = (body: Record<string, unknown>) =>
      fetch(`${waiting.url}/v1/messages`, { method: "POST", body: JSON.stringify(body) }).then((r) => r.json());
    const first = await post({ tools, messages: user("go") });
    expect(seen).toEqual([]);
    // A side request (no tools) goes at once, even while a main one waits.
    const second = post({ tools, messages: user("go on") });
    const side = await post({ messages: user("title?") });
    expect(side.content[0].text).toBe("E2E scripted session");
    expect(seen).toEqual([first.id]);
    let answered = false;
    void second.then(() => (answered = true));
    await Bun.sleep(50);
    expect(answered).toBe(false);
    release();
    expect((await second).content[0].text).toBe("two");
  } finally {
    waiting.stop();
  }
});
