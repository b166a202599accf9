/**
 * Runs the handoff exception over a prompts file of our own (measure.ts's format), per language:
 * other work passed, plain requests passed, mentions and others passed. For our own batches, and
 * for the rows of earlier cycles' tests (`--rows FILE`: lines `["en", "text", null|"clause"]`,
 * null meaning a plain request).
 *
 *   bun eval/handoff-prompts/model/batch.ts FILE.jsonl [--list]
 *   bun eval/handoff-prompts/model/batch.ts --rows FILE [--list]
 */
import { readFileSync } from "node:fs";
import { type HandoffPrompt, parsePrompts, passes } from "../measure.ts";

const args = process.argv.slice(2);
const list = args.includes("--list");
let prompts: HandoffPrompt[];
if (args.includes("--rows")) {
  const file = args[args.indexOf("--rows") + 1];
  prompts = readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").map((l, i) => {
    const [lang, text, clause] = JSON.parse(l.replace(/,\s*$/, "")) as [string, string, string | null];
    return { id: `row-${i}`, lang, text, category: clause === null ? "request" : "request-plus-work" };
  });
} else {
  prompts = parsePrompts(readFileSync(args.find((a) => !a.startsWith("--"))!, "utf8"));
}
for (const lang of ["en", "ko", "ja"]) {
  const mine = prompts.filter((p) => p.lang === lang);
  const cell = (cat: string) => {
    const ps = mine.filter((p) => p.category === cat);
    return `${ps.filter((p) => passes(p.text)).length}/${ps.length}`;
  };
  console.log(
    `${lang}: plain passed ${cell("request")}, other work passed ${cell("request-plus-work")}, mentions passed ${
      cell("mention")
    }, other passed ${cell("other")}`,
  );
}
if (list) {
  for (const p of prompts) {
    const ok = passes(p.text) === (p.category === "request");
    if (!ok) console.log(`- ${p.category === "request" ? "refused" : "PASSED"} ${p.id}: ${JSON.stringify(p.text)}`);
  }
}
