/** The forwarded call's framing (src/core/forward.ts): what goes in comes out, and what is not one is refused. */
import { describe, expect, test } from "bun:test";
import { anotherBuild, encodeForward, forwardDecoder, forwardedEnv, refusingBuild } from "../../src/core/forward.ts";

describe("forwarded call framing", () => {
  const meta = { build: "b1", db: "/h/vigil.db", env: { HOME: "/h", VIGIL_ROLE: "worker", CLAUDE_PID: "42" } };

  test("meta and payload round-trip, the payload byte for byte (newlines and all)", () => {
    const payload = '{"hook_event_name":"Stop",\n"last_assistant_message":"a\\nb ✓"}\n';
    expect(forwardDecoder()(encodeForward(meta, payload))).toEqual({ ok: true, meta, payload });
    expect(forwardDecoder()(encodeForward(meta, ""))).toEqual({ ok: true, meta, payload: "" });
  });

  test.each([
    ["no meta line", "{}"],
    ["the meta line is not JSON", "{nope\n{}"],
    ["the meta line lacks build, db or env", '{"build":"b1","db":"/h"}\n{}'],
    ["the meta line lacks build, db or env", '{"build":"b1","db":"/h","env":{"A":1}}\n{}'],
    ["the meta line lacks build, db or env", "null\n{}"],
  ])("refused: %s", (error, body) => {
    expect(forwardDecoder()(body)).toEqual({ ok: false, error });
  });

  test("the whole environment travels, unset entries dropped", () => {
    expect(forwardedEnv({ A: "1", B: undefined, PATH: "/bin" })).toEqual({ A: "1", PATH: "/bin" });
  });

  test("a build refusal names the server's build, parentheses and all; other refusals name none", () => {
    expect(refusingBuild(anotherBuild("1.4.0+3f2a (dev)"))).toBe("1.4.0+3f2a (dev)");
    expect(refusingBuild(anotherBuild("b1") + "\n")).toBe("b1");
    for (const other of ["another store", "needs stop", "unknown route /x", ""]) {
      expect(refusingBuild(other)).toBeNull();
    }
  });

  describe("forwardDecoder (a server's, remembering meta lines)", () => {
    const bodies = [
      encodeForward(meta, '{"hook_event_name":"PreToolUse"}'),
      encodeForward(meta, '{"hook_event_name":"PostToolUse"}\n'),
      encodeForward({ ...meta, env: { ...meta.env, VIGIL_ROLE: "person" } }, "{}"),
      "{}",
      "{nope\n{}",
      '{"build":"b1","db":"/h"}\n{}',
      "null\n{}",
    ];

    test("a remembered line answers as a first decode does, call after call and past its bound", () => {
      for (const max of [64, 2]) {
        const decode = forwardDecoder(max);
        for (let round = 0; round < 3; round++) {
          for (const body of bodies) expect(decode(body)).toEqual(forwardDecoder()(body));
        }
      }
    });

    test("a meta line seen before gives the same frozen meta; the payload is each call's own", () => {
      const decode = forwardDecoder();
      const a = decode(bodies[0]);
      const b = decode(bodies[1]);
      if (!a.ok || !b.ok) throw new Error("refused");
      expect(b.meta).toBe(a.meta);
      expect([a.payload, b.payload]).toEqual([
        '{"hook_event_name":"PreToolUse"}',
        '{"hook_event_name":"PostToolUse"}\n',
      ]);
      expect(() => {
        (a.meta.env as Record<string, string>).VIGIL_ROLE = "person";
      }).toThrow(TypeError);
      const c = decode(bodies[2]);
      expect(c.ok && c.meta.env.VIGIL_ROLE).toBe("person");
    });
  });
});
