import { describe, expect, test } from "bun:test";
import { BOLD, clean, snippet } from "../../src/core/recall/snippet.ts";

describe("snippet", () => {
  test.each<[string, string, string[], string, string[]]>([
    ["substring, any case", "The HANDOFF document", ["handoff"], "The [HANDOFF] document", ["handoff"]],
    ["inside a word (as trigram matching finds it)", "parseConfigFile", ["config"], "parse[Config]File", ["config"]],
    ["Korean two characters inside a word", "인계서를 작성했습니다", ["인계"], "[인계]서를 작성했습니다", ["인계"]],
    ["Japanese two characters", "設計書を更新しました", ["設計"], "[設計]書を更新しました", ["設計"]],
    ["short words only whole (as the gram index finds them)", "the db is in dbx", ["db"], "the [db] is in dbx", ["db"]],
    ["a short word next to Hangul is whole", "PR을 열었다", ["PR"], "[PR]을 열었다", ["PR"]],
    ["phrase across a newline", "keep module\nX intact", ["module X"], "keep [module\nX] intact", ["module X"]],
    ["longest term wins an overlap", "handoffs", ["hand", "handoff"], "[handoff]s", ["hand", "handoff"]],
    ["regex characters are literal", "a+b (c) [d]", ["a+b", "(c)"], "[a+b] [(c)] [d]", ["a+b", "(c)"]],
    ["terms not in the body are not reported", "alpha", ["alpha", "beta"], "[alpha]", ["alpha"]],
    ["whitespace folded", "a\n\n\tb", ["zzz"], "a b", []],
  ])("%s", (_name, body, terms, text, matched) => {
    const s = snippet(body, terms);
    expect(s.matched).toEqual(matched);
    expect(s.text).toBe(text.replace(/\s+/g, " "));
  });

  test("cuts a long body around the densest cluster of matches", () => {
    const body = "x ".repeat(500) + "lonely target " + "y ".repeat(500) + "target target target " + "z ".repeat(500);
    const s = snippet(body, ["target"], { width: 80 });
    expect(s.text.startsWith("…")).toBe(true);
    expect(s.text.endsWith("…")).toBe(true);
    expect(s.text.match(/\[target\]/g)?.length).toBe(3);
    expect(s.text.length).toBeLessThan(110);
  });

  test("bold marks for a terminal", () => {
    expect(snippet("find me", ["find"], { marks: BOLD }).text).toBe("\x1b[1mfind\x1b[22m me");
  });

  test("control characters from tool output never reach the terminal", () => {
    expect(clean("a\x1b]0;title\x07b\u202ec\r\nd")).toBe("a]0;titlebc d");
    expect(snippet("ok \x1b[31mred\x1b[0m", ["red"]).text).not.toContain("\x1b");
  });
});
