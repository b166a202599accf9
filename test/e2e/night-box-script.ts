/**
 * What the model says in the night in a box, per session: each session's replies are a
 * function of what it was just sent (its first prompt, Stop hook feedback, vigil's marked
 * nudge or restart prompt, or the result of its own tool call), so a session answers the same
 * way whenever vigil reaches it, and whatever vigil does that the script does not expect is
 * answered in words only and shows up in the independent count.
 */
import { type ApiRequest, isRecord, lastUserText, stopFeedback } from "./api-request.ts";
import { type Reply, type Scenario, text, toolUse } from "./scenario.ts";

/** The seven sessions, by the behaviour each stands for (issue 30's "Done when"). */
export const ROLES = ["announce", "approval", "killed", "stall", "words", "report", "doomed"] as const;
export type Role = typeof ROLES[number];

/** The first prompt each session is given (typed into its TUI). */
export const PROMPT: Record<Role, string> = {
  announce: "Fix the CSV parser ticket.",
  approval: "Migrate the orders schema.",
  killed: "Index the log archive.",
  stall: "Work through the three steps in TODO.md.",
  words: "Tidy the date helpers.",
  report: "Work through the three steps in TODO.md.",
  doomed: "Summarise the changelog.",
};

export const ANNOUNCE = "The quoting bug is in the field splitter. I'll fix the splitter next.";
export const APPROVAL = "The migration drops the legacy column. AWAITING APPROVAL: dropping orders.legacy_ref";
export const WORDS = "The helpers are tangled. I'll untangle the date helpers next.";
export const STEP_ONE = "Step 1 of 3 is done.";
export const REPORT = "Status: step 1 of 3 is done; steps 2 and 3 are still open.";
export const DONE = "All done: the work this ticket asked for is finished.";
/** What a session says when something reaches it that its script does not expect. */
export const UNEXPECTED = "Nothing to add.";

/** The three-step checklist the stall and report sessions start with. */
export const TODO_OPEN = "# Steps\n\n- [x] step 1\n- [ ] step 2\n- [ ] step 3\n";
export const TODO_DONE = "# Steps\n\n- [x] step 1\n- [x] step 2\n- [x] step 3\n";

/** What reached the session this time. */
export type Trigger = "prompt" | "feedback" | "vigil" | "tool-result";

/** vigil's mark on its nudges and restart prompts (src/core/vigil-marks.ts spells it the same). */
export const VIGIL_MARK = "[vigil nudge]";

/** The last user message carries a tool_result: the session's own tool call came back. */
function toolResultLast(req: ApiRequest): boolean {
  const msgs = Array.isArray(req.body?.messages) ? req.body.messages.filter(isRecord) : [];
  const last = msgs.filter((m) => m.role === "user").at(-1);
  return Array.isArray(last?.content) && last.content.some((b) => isRecord(b) && b.type === "tool_result");
}

/** Which of the triggers a main request answers. */
export function triggerOf(req: ApiRequest): Trigger {
  if (toolResultLast(req)) return "tool-result";
  const last = lastUserText(req);
  if (stopFeedback(last) !== null) return "feedback";
  return last.includes(VIGIL_MARK) ? "vigil" : "prompt";
}

/** How many tool results the conversation holds: which step of a script it is at. */
function toolRounds(req: ApiRequest): number {
  const msgs = Array.isArray(req.body?.messages) ? req.body.messages.filter(isRecord) : [];
  return msgs.filter((m) =>
    m.role === "user" && Array.isArray(m.content) && m.content.some((b) => isRecord(b) && b.type === "tool_result")
  ).length;
}

const read = (file: string): Reply => toolUse("Read", { file_path: file });
const write = (file: string, content: string): Reply => toolUse("Write", { file_path: file, content });

/** One session's reply to one main request. `cwd` is the session's directory. */
export function reply(role: Role, cwd: string, req: ApiRequest): Reply {
  const t = triggerOf(req);
  const notes = `${cwd}/NOTES.md`, todo = `${cwd}/TODO.md`;
  switch (role) {
    case "announce":
      // Announces and stops; the push makes it do the work, then it reports.
      if (t === "prompt") return text(ANNOUNCE);
      if (t === "feedback") return read(notes);
      return t === "tool-result" ? text(DONE) : text(UNEXPECTED);
    case "approval":
      return t === "prompt" ? text(APPROVAL) : text(UNEXPECTED);
    case "killed":
    case "doomed":
      // Works, reports; after a restart (vigil's prompt) works again.
      if (t === "prompt" || t === "vigil") return read(notes);
      return t === "tool-result" ? text(DONE) : text(UNEXPECTED);
    case "stall":
      // Stops with steps open; the nudge makes it finish them.
      if (t === "prompt") return read(todo);
      if (t === "vigil") return write(todo, TODO_DONE);
      if (t === "tool-result") return text(toolRounds(req) === 1 ? STEP_ONE : DONE);
      return text(UNEXPECTED);
    case "words":
      // Answers the push with the same announcement and no tool call.
      return t === "prompt" || t === "feedback" ? text(WORDS) : text(UNEXPECTED);
    case "report":
      // Stops with steps open; answers the nudge with a report, no tool call.
      if (t === "prompt") return read(todo);
      if (t === "tool-result") return text(STEP_ONE);
      return t === "vigil" ? text(REPORT) : text(UNEXPECTED);
  }
}

const CWD_LINE = /orking directory: (\S+)/;

/** The scenario for the box: every main request is answered by the session whose directory it names. */
export function boxScenario(cwdOf: (name: string) => string): Scenario {
  const byCwd = new Map<string, Role>(ROLES.map((r) => [cwdOf(r), r]));
  const route = (req: ApiRequest): Reply => {
    const sys = typeof req.body?.system === "string" ? req.body.system : JSON.stringify(req.body?.system ?? "");
    const hit = CWD_LINE.exec(sys) ?? CWD_LINE.exec(JSON.stringify(req.body?.messages ?? ""));
    const role = hit === null ? undefined : byCwd.get(hit[1].replace(/\\n.*$/, ""));
    if (role === undefined) throw new Error("box: a main request names no session directory");
    return reply(role, cwdOf(role), req);
  };
  return { turns: [], fallback: route };
}

/** The session a recorded request belongs to, or null. */
export function roleOfRequest(req: ApiRequest, cwdOf: (name: string) => string): Role | null {
  const all = JSON.stringify(req.body ?? {});
  for (const r of ROLES) if (all.includes(`orking directory: ${cwdOf(r)}\\n`)) return r;
  return null;
}
