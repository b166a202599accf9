/**
 * The handoff exception's clause corpus (issue 31, round 14): clauses of our own, composed from
 * per-language inventories (document nouns, document verbs and their request forms, delivery,
 * reasons, contents, courtesy, stop, bans, work verbs with their objects, and the ways a second
 * task is attached), each labelled with what it does:
 *
 *   doc      asks for the handoff document itself (write, update, summarize into, record in it…)
 *   support  only serves the request (why, what goes in, how, where it goes, commit/push it, stop, courtesy)
 *   other    anything else: other work, a statement about a future handoff, "don't write it yet", a mention
 *
 * Every string here is ours. Each clause carries its family (the template it came from); the
 * split into a tuning part and a held-out part is by family (`heldOut`), fixed once, so the
 * held-out figure is on templates the model never saw.
 *
 *   bun eval/handoff-prompts/model/corpus.ts [--stats]
 */
export type Label = "doc" | "support" | "other";
export type Lang = "en" | "ko" | "ja";
export interface Clause {
  lang: Lang;
  label: Label;
  family: string;
  text: string;
  /** In the held-out part (set by corpus()). */
  held?: boolean;
}

/** A small deterministic generator (mulberry32), so the corpus is the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the family name: the split is by family, fixed by this hash. */
export function familyHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
/** One family in five is held out. */
export const heldOut = (family: string): boolean => familyHash("handoff r14 " + family) % 5 === 0;

type Slot = readonly string[];
/** A template: parts that are either literal text or a slot to pick from. */
type Part = string | Slot;

function expand(rand: () => number, parts: readonly Part[], n: number): string[] {
  const out = new Set<string>();
  for (let i = 0; i < n * 4 && out.size < n; i++) {
    out.add(
      parts.map((p) => typeof p === "string" ? p : p[Math.floor(rand() * p.length)]).join("").replace(/\s+/g, " ")
        .trim(),
    );
  }
  return [...out];
}

// ───────────────────────────── English ─────────────────────────────

const EN_DOC: Slot = [
  "the handoff",
  "the handoff doc",
  "the handoff document",
  "the handoff notes",
  "a handoff note",
  "your handoff",
  "the handover doc",
  "handover notes",
  "the hand-off notes",
  "HANDOFF.md",
  "docs/handoff.md",
  "notes/handoff.md",
  "the handoff file",
  "a handoff memo",
  "the handoff summary",
  "a handoff writeup",
  "a short handoff",
  "the session handoff",
  "handoff.md",
  "the handoff md",
  "ur handoff",
  "teh handoff doc",
  "the hndoff notes",
  "a quick handoff",
  "a proper handoff",
  "the transition notes for the next agent",
];
/** Verbs whose object is the document: [base, -ing]. */
const EN_DOC_VERB: readonly [string, string][] = [
  ["write", "writing"],
  ["write up", "writing up"],
  ["update", "updating"],
  ["finish", "finishing"],
  ["finalize", "finalizing"],
  ["prepare", "preparing"],
  ["draft", "drafting"],
  ["put together", "putting together"],
  ["produce", "producing"],
  ["create", "creating"],
  ["refresh", "refreshing"],
  ["fill in", "filling in"],
  ["complete", "completing"],
  ["rewrite", "rewriting"],
  ["redo", "redoing"],
  ["do", "doing"],
  ["make", "making"],
  ["leave", "leaving"],
  ["knock out", "knocking out"],
  ["whip up", "whipping up"],
  ["start", "starting"],
  ["wrap up", "wrapping up"],
];
/** Verbs that put content into the document: [base, -ing]. */
const EN_INTO_VERB: readonly [string, string][] = [
  ["summarize", "summarizing"],
  ["record", "recording"],
  ["note", "noting"],
  ["write down", "writing down"],
  ["capture", "capturing"],
  ["dump", "dumping"],
  ["jot down", "jotting down"],
  ["log", "logging"],
  ["put", "putting"],
  ["add", "adding"],
  ["append", "appending"],
  ["list", "listing"],
  ["document", "documenting"],
  ["write out", "writing out"],
  ["save", "saving"],
];
const EN_CONTENT: Slot = [
  "your progress",
  "where you are",
  "what you did",
  "the current state",
  "today's progress",
  "everything the next worker needs",
  "the open questions",
  "what's left",
  "the remaining work",
  "the status of the migration",
  "your findings",
  "the blockers",
  "what changed since lunch",
  "what you did since the last entry",
  "the failing tests",
  "the branch name and next steps",
  "all of it",
  "the state of things",
  "your notes",
];
/** Request forms around a base verb phrase: {v} base, {g} -ing. */
const EN_FORMS: readonly string[] = [
  "{v}",
  "please {v}",
  "{v} please",
  "{v} pls",
  "pls {v}",
  "can you {v}",
  "can you {v}?",
  "could you {v}?",
  "could you please {v}",
  "would you {v}?",
  "would you mind {g}?",
  "mind {g}?",
  "I need you to {v}",
  "I'd like you to {v}",
  "you should {v}",
  "go ahead and {v}",
  "let's {v}",
  "time to {v}",
  "now {v}",
  "just {v}",
  "{v} now",
  "{v} asap",
  "ok {v}",
  "can u {v}",
  "I want you to {v}",
  "we need you to {v}",
  "make sure to {v}",
  "be sure to {v}",
  "remember to {v}",
  "your next step is to {v}",
  "the only thing left is to {v}",
  "all I need is for you to {v}",
  "your job now: {v}",
  "Task: {v}",
  "- [ ] {v}",
  "1. {v}",
  "TODO: {v}",
  "kindly {v}",
  "{v} before you stop",
  "{v} for the next worker",
  "{v} so the next session can pick up",
  "{v} for whoever picks this up",
];

function enDoc(rand: () => number): Clause[] {
  const out: Clause[] = [];
  const fill = (form: string, v: string, g: string) => form.replace("{v}", v).replace("{g}", g);
  // verb + document
  EN_FORMS.forEach((form, fi) => {
    for (let k = 0; k < 4; k++) {
      const [v, g] = EN_DOC_VERB[Math.floor(rand() * EN_DOC_VERB.length)];
      const d = EN_DOC[Math.floor(rand() * EN_DOC.length)];
      out.push({ lang: "en", label: "doc", family: `en.doc.verb.f${fi}`, text: fill(form, `${v} ${d}`, `${g} ${d}`) });
    }
    for (let k = 0; k < 3; k++) {
      const [v, g] = EN_INTO_VERB[Math.floor(rand() * EN_INTO_VERB.length)];
      const c = EN_CONTENT[Math.floor(rand() * EN_CONTENT.length)];
      const d = EN_DOC[Math.floor(rand() * EN_DOC.length)];
      const p = ["into", "in", "to", "inside"][Math.floor(rand() * 4)];
      out.push({
        lang: "en",
        label: "doc",
        family: `en.doc.into.f${fi}`,
        text: fill(form, `${v} ${c} ${p} ${d}`, `${g} ${c} ${p} ${d}`),
      });
    }
  });
  // noun-only and other shapes
  const nounish: [string, readonly Part[]][] = [
    ["noun.pls", [EN_DOC, ["", " pls", " please", " now", " now pls", ", asap", " time", "!"]]],
    ["noun.need", [["I need ", "we need ", "need ", "I'd like ", "could I get ", "can I get ", "can I have "], EN_DOC, [
      "",
      "?",
      " now",
      " before you go",
    ]]],
    ["noun.todo", [
      ["TODO: ", "Required action: ", "Next action: ", "Action: ", "- [ ] ", "Task: ", "Deliverable: "],
      EN_DOC,
      [
        "",
        " → docs/handoff.md",
        " at HANDOFF.md",
        " (current state included)",
      ],
    ]],
    ["hand.off", [["", "please ", "ok, ", "time to ", "let's ", "go ahead and "], [
      "hand off",
      "hand over",
      "hand this off",
      "hand it over",
    ], [
      "",
      " now",
      " to a fresh session",
      " to the next worker",
      " please",
    ]]],
    ["time.for", [["time for ", "it's time for ", "ready for "], EN_DOC, ["", " now", "."]]],
    ["get.ready", [["get ", "have "], EN_DOC, [" ready", " done", " written", " up to date", " finished"], [
      "",
      " before you stop",
      " now",
    ]]],
    ["bring", [["bring ", "get "], EN_DOC, [" up to date", " current"], ["", " please"]]],
    ["needs", [EN_DOC, [
      " needs updating",
      " needs to be written",
      " has to be updated",
      " needs a refresh",
      " should be updated now",
    ]]],
    ["spend", [["spend the rest of your context on ", "use what's left on ", "focus only on "], EN_DOC]],
    ["wrap.by", [
      ["wrap up by ", "finish by ", "end the session by ", "close out by "],
      [
        "writing",
        "updating",
        "finishing",
        "preparing",
      ],
      [" "],
      EN_DOC,
    ]],
    ["leave.for", [[
      "leave notes for the next worker in ",
      "leave a note for the next session in ",
      "write notes for your successor in ",
    ], EN_DOC]],
    ["next.purpose", [["write down ", "summarize ", "write up ", "dump "], EN_CONTENT, [
      " so the next agent can pick it up",
      " for the next worker",
      " for whoever takes over",
      " so a fresh session can continue",
    ]]],
    ["dump.path", [[
      "dump everything the next agent needs into ",
      "write what the next session needs to ",
      "put it all in ",
    ], [
      "NEXT.md",
      "HANDOFF.md",
      "notes/next.md",
      "docs/handoff.md",
    ]]],
    ["summarize.into", [
      ["summarize this session into ", "condense your progress into ", "boil it down into "],
      EN_DOC,
    ]],
  ];
  for (const [fam, parts] of nounish) {
    for (const t of expand(rand, parts, 14)) out.push({ lang: "en", label: "doc", family: `en.doc.${fam}`, text: t });
  }
  return out;
}

const EN_WORK: readonly [string, string][] = [
  ["fix the login bug", "fixing the login bug"],
  ["update the README", "updating the README"],
  ["update the README with the new API section", "updating the README"],
  ["bump the version in package.json", "bumping the version"],
  ["run the benchmarks", "running the benchmarks"],
  ["add logging to the scheduler", "adding logging to the scheduler"],
  ["refactor the parser", "refactoring the parser"],
  ["write tests for the cache", "writing tests for the cache"],
  ["migrate the users table", "migrating the users table"],
  ["deploy to staging", "deploying to staging"],
  ["open a PR for the cache change", "opening a PR"],
  ["merge PR 77", "merging PR 77"],
  ["rebase onto main", "rebasing onto main"],
  ["start ticket #52", "starting ticket #52"],
  ["look into the flaky test", "looking into the flaky test"],
  ["check why CI fails on Mondays", "checking why CI fails"],
  ["translate the docs into German", "translating the docs"],
  ["update the changelog", "updating the changelog"],
  ["add this session's fixes to CHANGELOG.md", "adding the fixes to the changelog"],
  ["clean up the unused flags", "cleaning up the unused flags"],
  ["delete the old branches", "deleting the old branches"],
  ["install the dependencies", "installing the dependencies"],
  ["set up the staging database", "setting up the staging database"],
  ["review PR #12", "reviewing PR #12"],
  ["investigate the memory leak", "investigating the memory leak"],
  ["squash the commits", "squashing the commits"],
  ["rename the config module", "renaming the config module"],
  ["upgrade the router to v7", "upgrading the router"],
  ["reply to the issue", "replying to the issue"],
  ["file a ticket for the crash", "filing a ticket"],
  ["write the release notes", "writing the release notes"],
  ["draft the design doc for search", "drafting the design doc"],
  ["summarize the PR for the reviewers", "summarizing the PR"],
  ["update the API docs", "updating the API docs"],
  ["document the CLI flags in docs/cli.md", "documenting the CLI flags"],
  ["note the new endpoint in the OpenAPI spec", "noting the endpoint in the spec"],
  ["switch the cache to Redis", "switching the cache to Redis"],
  ["rotate the API keys", "rotating the API keys"],
  ["clear the build cache", "clearing the build cache"],
  ["set the cache TTL to 30 seconds", "setting the cache TTL"],
  ["retry the failed job", "retrying the failed job"],
  ["rerun the e2e suite", "rerunning the e2e suite"],
  ["ping the on-call about the outage", "pinging the on-call"],
  ["localize the error messages", "localizing the error messages"],
  ["pre-install the dependencies for the next session", "pre-installing the dependencies"],
  ["finish the migration", "finishing the migration"],
  ["implement the export button", "implementing the export button"],
  ["split the CI config into two jobs", "splitting the CI config"],
  ["record a demo video", "recording a demo video"],
  ["write a blog post about it", "writing a blog post"],
  ["tag the release", "tagging the release"],
  ["close the stale issues", "closing the stale issues"],
  ["keep working on the parser", "working on the parser"],
  ["continue with the auth refactor", "continuing with the auth refactor"],
  ["pick up ticket 88", "picking up ticket 88"],
  ["profile the hot loop", "profiling the hot loop"],
  ["add a section about caching to the README", "adding a section to the README"],
  ["update the wiki page", "updating the wiki page"],
  ["make the tests pass", "making the tests pass"],
  ["lint the repo", "linting the repo"],
  ["format the code", "formatting the code"],
  ["regenerate the fixtures", "regenerating the fixtures"],
  ["read yesterday's handoff and carry on", "reading the handoff and carrying on"],
  ["go through the review comments", "going through the review comments"],
  ["post a summary in the team channel", "posting a summary"],
  ["write unit tests for the handoff parser", "writing tests for the handoff parser"],
  ["fix the handoff module", "fixing the handoff module"],
];
const EN_WORK_FORMS: readonly string[] = [
  ...EN_FORMS.slice(0, 34),
  "also {v}",
  "and {v}",
  "then {v}",
  "and then {v}",
  "after that, {v}",
  "afterwards {v}",
  "once that's done, {v}",
  "when you're done, {v}",
  "oh and {v}",
  "also can you {v}",
  "also could you {v}?",
  "P.S. could you {v}?",
  "PS {v} too",
  "btw {v}",
  "and {v} too",
  "{v} as well",
  "and while you're at it {v}",
  "plus {v}",
  "next, {v}",
  "after the handoff, {v}",
  "before you stop, {v}",
  "for the next session, {v}",
  "in the same commit, {v}",
  "I'd also like you to {v}",
  "I'd also love it if you could {v}",
  "it would be great if you could {v}",
  "don't forget to {v}",
  "and if you have time {v}",
];
const EN_WORK_NOUN: Slot = [
  "unused flag cleanup",
  "the SDK bump",
  "the Redis switch",
  "the auth refactor",
  "ticket #52",
  "the migration script",
  "the changelog",
  "the release notes",
  "the login fix",
  "a fix for the typo in main.go",
  "the export feature",
  "dependency updates",
  "the benchmark run",
  "the staging deploy",
];

function enOther(rand: () => number): Clause[] {
  const out: Clause[] = [];
  EN_WORK_FORMS.forEach((form, fi) => {
    for (let k = 0; k < 5; k++) {
      const [v, g] = EN_WORK[Math.floor(rand() * EN_WORK.length)];
      out.push({
        lang: "en",
        label: "other",
        family: `en.other.f${fi}`,
        text: form.replace("{v}", v).replace("{g}", g),
      });
    }
  });
  const shapes: [string, readonly Part[]][] = [
    ["next.ticket", [[
      "Next ticket: ",
      "next task: ",
      "Tasks for later: ",
      "Then: ",
      "After this: ",
      "Up next: ",
      "Follow-up: ",
    ], EN_WORK_NOUN]],
    ["list.item", [["- ", "* ", "2. ", "3) ", "- [ ] "], EN_WORK_NOUN]],
    ["and.noun", [["and ", "plus ", "also ", "and also "], EN_WORK_NOUN, ["", " too", " as well"]]],
    ["including", [["including ", "along with ", "together with "], EN_WORK_NOUN]],
    ["stmt.need", [EN_WORK_NOUN, [
      " needs doing",
      " should be done today",
      " is next",
      " has to land today",
      " still needs a retry loop",
    ]]],
    ["future.handoff", [[
      "we'll do the handoff later",
      "the handoff can wait",
      "no handoff yet",
      "skip the handoff for now",
      "handoff comes later",
      "we'll ask for the handoff tomorrow",
      "I'll request a handoff later",
    ], [
      "",
      ".",
      ", keep going",
    ]]],
    ["negated", [[
      "don't write the handoff yet",
      "do not update HANDOFF.md",
      "no need for a handoff",
      "hold off on the handoff",
      "don't touch the handoff doc",
    ], [
      "",
      " for now",
      " yet",
    ]]],
    ["mention", [[
      "the handoff parser crashes",
      "the handover flow in checkout is broken",
      "CI keeps overwriting the handoff doc",
      "the handoff from yesterday says the tests pass but they don't",
      "read the handoff and continue",
      "follow the handoff notes and finish the ticket",
      "what format should the handoff be in?",
      "who wrote this handoff?",
      "the handoff module needs tests",
    ], [
      "",
      ".",
      "?",
    ]]],
    ["other.doc", [["write ", "update ", "draft ", "finish ", "summarize "], [
      "the release notes",
      "the changelog",
      "a status report",
      "the standup update",
      "the PR description",
      "the design doc",
      "the README",
      "the meeting notes",
      "docs/api.md",
      "the onboarding guide",
      "a postmortem",
    ], ["", " please", " now", " too"]]],
    ["summarize.session", [[
      "summarize this session",
      "give me a summary of the commits",
      "tell me what you did today",
      "list today's commits",
      "write a status update for the team",
    ], [
      "",
      " please",
      ".",
    ]]],
  ];
  for (const [fam, parts] of shapes) {
    for (const t of expand(rand, parts, 16)) {
      out.push({ lang: "en", label: "other", family: `en.other.${fam}`, text: t });
    }
  }
  return out;
}

function enSupport(rand: () => number): Clause[] {
  const shapes: [string, readonly Part[]][] = [
    ["reason", [[
      "you're near the limit",
      "your context is nearly full",
      "we're at the soft limit",
      "the session has gotten long",
      "you're over the token budget",
      "ctx almost full",
      "you're at 92% context",
      "we're rotating you out",
      "we're switching workers",
      "the context window is almost used up",
      "you've hit the soft limit",
      "time's almost up",
      "we're out of room",
    ], [
      "",
      ".",
      ", so",
      "!",
    ]]],
    ["courtesy", [[
      "thanks",
      "thank you",
      "thanks!",
      "thx",
      "cheers",
      "great work today",
      "good job today",
      "much appreciated",
      "thanks for today's work",
      "ty",
      "appreciate it",
      "nice work",
      "hi",
      "hey",
      "ok",
      "okay",
      "great",
    ], [
      "",
      "!",
      ".",
      " :)",
    ]]],
    ["commit", [[
      "commit it",
      "push it",
      "commit and push it",
      "commit it and push",
      "push it to the branch",
      "commit the file",
      "git commit it",
      "push when done",
      "commit",
      "push",
      "then commit",
      "and push",
      "commit and push when you're done",
      "push it to origin",
    ], [
      "",
      ".",
      " please",
    ]]],
    ["save", [["save it as ", "save it under ", "put it at ", "store it in ", "name it ", "save to "], [
      "docs/handoff.md",
      ".vigil/handoff/",
      "HANDOFF.md",
      "the repo root",
      "notes/",
    ]]],
    ["nothing.more", [[
      "nothing more",
      "that's all I need",
      "nothing else is needed",
      "just that",
      "only that",
      "nothing beyond that",
    ], ["", "."]]],
    ["enough", [[
      "that's enough for this session",
      "that's enough for today",
      "let's stop here",
      "we're done for today",
      "ok, that's it for today",
      "let's call it here",
      "enough for now",
      "we'll hand off after this",
      "we're handing off",
    ], ["", ".", "!"]]],
    ["wrapup", [[
      "let's wrap up",
      "let's call it",
      "we're done here",
      "nothing fancy",
      "rough is fine",
      "a short one is fine",
      "doesn't need to be long",
      "keep it simple",
    ], ["", "."]]],
    ["stop", [[
      "then stop",
      "and stop",
      "stop after that",
      "stop there",
      "end the session",
      "then exit",
      "stop when done",
      "that's it",
      "that's all",
      "nothing else",
      "no other changes",
      "then you're done",
      "and you're done",
      "then call it a day",
      "after that, stop",
    ], [
      "",
      ".",
    ]]],
    ["ban", [[
      "don't start anything else",
      "do not touch any other file",
      "no new features",
      "don't change any code",
      "don't start new work",
      "stop taking new work",
      "no code changes",
      "leave the code alone",
      "don't open new tickets",
      "you can stop coding",
      "stop coding now",
      "don't fix anything else",
    ], [
      "",
      ".",
      " please",
    ]]],
    ["contents", [[
      "include ",
      "cover ",
      "mention ",
      "list ",
      "make sure it covers ",
      "it should cover ",
      "put in ",
      "note ",
    ], [
      "the branch name",
      "the failing tests",
      "what's done, what's left, open questions",
      "the next steps",
      "which migrations ran",
      "where the script lives",
      "the blockers",
      "current status",
      "what you tried",
      "the skipped tests and why",
    ]]],
    ["contents.bare", [[
      "what's done, what's left, open questions",
      "current branch, failing tests, next steps",
      "what you did, what's left, and any open questions",
      "status, blockers, next steps",
      "branch, PR number, failing test",
      "what changed and why",
      "which migrations ran and which did not",
    ], [
      "",
      ".",
    ]]],
    ["style", [[
      "keep it short",
      "keep it under 200 lines",
      "prose, not bullet points",
      "bullet points are fine",
      "markdown is fine",
      "use the usual format",
      "same format as last time",
      "in plain English",
      "one page max",
      "short is fine",
      "just add it as a new section at the bottom",
      "that format is fine",
      "the usual template",
      "format: markdown",
      "write it in Korean",
      "be concise",
      "don't overthink it",
      "so someone new can follow it",
    ], [
      "",
      ".",
      " please",
    ]]],
    ["doc.state", [[
      "the one you wrote is out of date",
      "the current handoff is stale",
      "HANDOFF.md is from yesterday",
      "it mixes two sessions",
      "the existing notes are confusing",
      "the old handoff is wrong about the tests",
      "it's already drafted",
    ], [
      "",
      ".",
    ]]],
    ["who.next", [[
      "the next worker is Dana",
      "Sam continues tomorrow morning",
      "a fresh session will take over",
      "the next agent reads it first",
      "someone else picks this up tomorrow",
      "another worker takes over after you",
    ], [
      "",
      ".",
      "; she knows the codebase",
    ]]],
    ["ping", [[
      "ping me when it's pushed",
      "let me know when it's done",
      "tell me when you're done",
      "reply with the path",
      "reply when done",
      "send me the link",
    ], [
      "",
      ".",
    ]]],
    ["tag", [[
      "[orchestrator]",
      "[from orchestrator]",
      "@worker",
      "@agent-3",
      "Re: handoff",
      "[cron]",
      "[pipeline]",
      "Status: soft limit",
    ], [""]]],
    ["when", [[
      "now",
      "right now",
      "before you stop",
      "before your context runs out",
      "while there's still room",
      "quick",
      "asap",
      "today",
      "when you're done",
    ], [
      "",
      ".",
    ]]],
  ];
  const out: Clause[] = [];
  for (const [fam, parts] of shapes) {
    for (const t of expand(rand, parts, 24)) {
      out.push({ lang: "en", label: "support", family: `en.support.${fam}`, text: t });
    }
  }
  return out;
}

// ───────────────────────────── Korean ─────────────────────────────

const KO_DOC: Slot = [
  "인계 문서",
  "인계서",
  "인수인계 문서",
  "인수인계서",
  "인계 노트",
  "인계 메모",
  "핸드오프 문서",
  "핸드오프 노트",
  "handoff 문서",
  "HANDOFF.md",
  "인계 자료",
  "인계용 문서",
  "인계 파일",
  "docs/handoff.md",
  "인수인계 노트",
  "핸드오버 문서",
  "인계문서",
  "인계 내용",
];
/** A Korean verb: [the -어 form (써, 작성해), the -ㄹ form (쓸, 작성할), the past (썼, 작성했), the -기 noun (쓰기, 작성하기), -고 form]. */
type KoVerb = readonly [string, string, string, string, string];
const ha = (n: string): KoVerb => [`${n}해`, `${n}할`, `${n}했`, `${n}하기`, `${n}하고`];
const KO_DOC_VERB: readonly KoVerb[] = [
  ha("작성"),
  ["써", "쓸", "썼", "쓰기", "쓰고"],
  ha("정리"),
  ha("업데이트"),
  ha("갱신"),
  ha("마무리"),
  ha("준비"),
  ["만들어", "만들", "만들었", "만들기", "만들고"],
  ["남겨", "남길", "남겼", "남기기", "남기고"],
  ha("최신화"),
  ["채워", "채울", "채웠", "채우기", "채우고"],
  ["다시 써", "다시 쓸", "다시 썼", "다시 쓰기", "다시 쓰고"],
  ha("완성"),
];
const KO_INTO_VERB: readonly KoVerb[] = [
  ha("정리"),
  ha("기록"),
  ["적어", "적을", "적었", "적기", "적고"],
  ha("요약"),
  ["남겨", "남길", "남겼", "남기기", "남기고"],
  ha("추가"),
  ["써", "쓸", "썼", "쓰기", "쓰고"],
  ["덧붙여", "덧붙일", "덧붙였", "덧붙이기", "덧붙이고"],
  ha("반영"),
  ["넣어", "넣을", "넣었", "넣기", "넣고"],
  ["옮겨", "옮길", "옮겼", "옮기기", "옮기고"],
];
const KO_CONTENT: Slot = [
  "지금까지의 진행 상황을",
  "현재 상태를",
  "남은 일을",
  "한 일과 남은 일을",
  "오늘 한 작업을",
  "막힌 점을",
  "점심 이후 바뀐 것을",
  "마지막 기록 이후 한 일을",
  "실패하는 테스트를",
  "다음 단계를",
  "작업 내용을",
  "진행 상황",
  "지금 상태",
  "브랜치 이름이랑 남은 일",
];
/** Korean request forms: {a} the -어 form, {l} the -ㄹ form, {p} past, {g} the -기 noun, {n} the bare noun (작성). */
const KO_FORMS: readonly string[] = [
  "{a}",
  "{a} 줘",
  "{a}줘",
  "{a} 주세요",
  "{a}주세요",
  "{a} 주실래요?",
  "{a} 줄래?",
  "{a} 줄 수 있어?",
  "{a} 줄 수 있어요?",
  "{a} 주실 수 있나요?",
  "{a} 주시겠어요?",
  "{a} 주시겠습니까?",
  "{a} 둬",
  "{a} 둬요",
  "{a} 놔",
  "{a} 놔 줘",
  "{a} 놓아 줘",
  "{a} 두세요",
  "{a} 놓으세요",
  "{p}으면 좋겠어",
  "{p}으면 좋겠어요",
  "{a} 주면 좋겠어",
  "{a} 주시면 감사하겠습니다",
  "{a} 주시기 바랍니다",
  "{a}요",
  "{a}라",
  "{l} 것",
  "{g}",
  "{g} 부탁해",
  "{a} 주길 바라",
  "좀 {a} 줘",
  "{a} 주라",
  "{l} 수 있을까요?",
  "{a} 주세용",
  "{a}죠",
  "{n}는",
  "{n}고",
  "{g} 전에",
];
/** Noun-final request forms for the 하다 verbs: {n} the verbal noun. */
const KO_NOUN_FORMS: readonly string[] = [
  "{n} 부탁해",
  "{n} 부탁하고",
  "{n} 부탁드리고",
  "{n} 부탁해요",
  "{n} 부탁드립니다",
  "{n} 부탁드려요",
  "{n} 바랍니다",
  "{n} 요망",
  "{n} ㄱㄱ",
  "{n}",
  "{n} 좀",
  "{n} 해 줘",
  "{n} 해 주세요",
  "{n} 좀 해 주세요",
  "{n}하세요",
  "{n}하십시오",
  "{n}합시다",
  "{n}하자",
  "{n} 필요",
  "{n} 진행해 주세요",
  "{n} 진행",
];
const koFill = (form: string, v: KoVerb) =>
  form.replace("{a}", v[0]).replace("{l}", v[1]).replace("{p}", v[2]).replace("{g}", v[3]).replace(
    "{n}",
    v[3].replace(/기$/, ""),
  );
const KO_NOUN_OF = (v: KoVerb): string | null => v[0].endsWith("해") ? v[0].slice(0, -1) : null;

function koDoc(rand: () => number): Clause[] {
  const out: Clause[] = [];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  KO_FORMS.forEach((form, fi) => {
    for (let k = 0; k < 5; k++) {
      const v = pick(KO_DOC_VERB);
      const d = pick(KO_DOC);
      const obj = rand() < 0.5
        ? `${d}를 `.replace(/([^가-힣])를 $/, "$1 ").replace(/(서|트|모|료|일|용 문서|문서|노트)를 $/, "$1를 ")
        : `${d} `;
      out.push({
        lang: "ko",
        label: "doc",
        family: `ko.doc.verb.f${fi}`,
        text: (obj + koFill(form, v)).replace(/\s+/g, " "),
      });
    }
    for (let k = 0; k < 3; k++) {
      const v = pick(KO_INTO_VERB);
      const d = pick(KO_DOC);
      const c = pick(KO_CONTENT);
      out.push({ lang: "ko", label: "doc", family: `ko.doc.into.f${fi}`, text: `${c} ${d}에 ${koFill(form, v)}` });
    }
  });
  KO_NOUN_FORMS.forEach((form, fi) => {
    for (let k = 0; k < 5; k++) {
      const v = pick(KO_DOC_VERB);
      const n = KO_NOUN_OF(v) ?? "작성";
      const d = pick(KO_DOC);
      const text = form.replace("{n}", `${d} ${n}`);
      out.push({ lang: "ko", label: "doc", family: `ko.doc.noun.f${fi}`, text });
    }
  });
  const shapes: [string, readonly Part[]][] = [
    ["handover", [["", "이제 ", "지금 ", "슬슬 "], ["인계해", "인수인계해", "핸드오프해", "넘겨"], [
      " 줘",
      " 주세요",
      "",
      " 줄래?",
      " 주실 수 있나요?",
      " 둬",
    ]]],
    ["insu.bare", [["인수인계", "핸드오프", "인계"], [
      " 부탁해",
      " 부탁드려요",
      " 좀",
      " ㄱㄱ",
      " 해 줘",
      " 진행해 주세요",
      " 시간이에요",
    ]]],
    ["next.purpose", [
      ["다음 사람이 이어받을 수 있게 ", "다음 작업자를 위해 ", "새 세션이 이어서 할 수 있도록 ", "후임자가 보게 "],
      KO_CONTENT,
      [" "],
      ["정리해 줘", "적어 둬", "남겨 주세요", "기록해 주세요", "요약해 줄래?"],
    ]],
    ["path", [["다음 에이전트가 알아야 할 걸 전부 ", "다음 세션에 필요한 내용을 "], [
      "NEXT.md에",
      "HANDOFF.md에",
      "notes/next.md에",
    ], [" 적어 둬", " 써 줘", " 정리해 주세요", " 남겨 놔"]]],
    ["todo", [["TODO: ", "할 일: ", "필수 작업: ", "작업: ", "- [ ] "], KO_DOC, [
      " 작성",
      " 업데이트",
      " 작성 (현재 상태 포함)",
      " 작성 → docs/handoff.md",
    ]]],
    ["only", [KO_DOC, ["만 써 줘", "만 작성해 주세요", "만 쓰면 돼요", "만 정리하면 끝", "만 부탁해요"]]],
    ["latest", [KO_DOC, [
      "를 최신으로 만들어 줘",
      "를 최신 상태로 업데이트해 줘",
      "를 최신화해 주세요",
      " 최신으로 맞춰 둬",
    ]]],
    ["wrap", [["마무리로 ", "끝내기 전에 ", "멈추기 전에 ", "한도 전에 "], KO_DOC, [
      " 써 줘",
      " 작성해 주세요",
      " 정리해 둬",
    ]]],
  ];
  for (const [fam, parts] of shapes) {
    for (const t of expand(rand, parts, 14)) out.push({ lang: "ko", label: "doc", family: `ko.doc.${fam}`, text: t });
  }
  return out;
}

/** Korean work: [object + verb stem in a KoVerb]. */
const KO_WORK: readonly [string, KoVerb][] = [
  ["로그인 버그", ["고쳐", "고칠", "고쳤", "고치기", "고치고"]],
  ["README", ha("업데이트")],
  ["버전", ["올려", "올릴", "올렸", "올리기", "올리고"]],
  ["벤치마크", ["돌려", "돌릴", "돌렸", "돌리기", "돌리고"]],
  ["스케줄러에 로그", ha("추가")],
  ["파서", ha("리팩터링")],
  ["캐시 테스트", ["써", "쓸", "썼", "쓰기", "쓰고"]],
  ["users 테이블", ha("마이그레이션")],
  ["스테이징에", ha("배포")],
  ["캐시 변경 PR", ["올려", "올릴", "올렸", "올리기", "올리고"]],
  ["PR 77", ha("머지")],
  ["main에", ha("리베이스")],
  ["티켓 #52", ha("시작")],
  ["플래키 테스트", ["봐", "볼", "봤", "보기", "보고"]],
  ["CI 실패 원인", ["찾아", "찾을", "찾았", "찾기", "찾고"]],
  ["문서를 독일어로", ha("번역")],
  ["변경 로그", ha("업데이트")],
  ["CHANGELOG에 이번 수정 사항", ha("추가")],
  ["사용하지 않는 플래그", ha("정리")],
  ["오래된 브랜치", ha("삭제")],
  ["의존성", ha("설치")],
  ["스테이징 DB", ha("세팅")],
  ["PR #12", ha("리뷰")],
  ["메모리 누수", ha("조사")],
  ["커밋", ha("스쿼시")],
  ["라우터를 v7로", ["올려", "올릴", "올렸", "올리기", "올리고"]],
  ["이슈에", ha("답변")],
  ["릴리스 노트", ["써", "쓸", "썼", "쓰기", "쓰고"]],
  ["검색 설계 문서", ha("작성")],
  ["API 문서", ha("업데이트")],
  ["API 문서에 변경 사항", ha("기록")],
  ["캐시를 Redis로", ["바꿔", "바꿀", "바꿨", "바꾸기", "바꾸고"]],
  ["API 키", ha("교체")],
  ["빌드 캐시", ["비워", "비울", "비웠", "비우기", "비우고"]],
  ["캐시 TTL을 30초로", ha("설정")],
  ["e2e 테스트", ["다시 돌려", "다시 돌릴", "다시 돌렸", "다시 돌리기", "다시 돌리고"]],
  ["에러 메시지", ha("현지화")],
  ["마이그레이션", ["끝내", "끝낼", "끝냈", "끝내기", "끝내고"]],
  ["내보내기 버튼", ha("구현")],
  ["린트 에러", ["고쳐", "고칠", "고쳤", "고치기", "고치고"]],
  ["토큰 갱신 로직", ["고쳐", "고칠", "고쳤", "고치기", "고치고"]],
  ["결제 연동", ha("시작")],
  ["결제 모듈", ha("리팩터링")],
  ["로그 레벨을 debug로", ["바꿔", "바꿀", "바꿨", "바꾸기", "바꾸고"]],
  ["캐시 무효화 로직", ["손봐", "손볼", "손봤", "손보기", "손보고"]],
  ["SDK 버전", ["올려", "올릴", "올렸", "올리기", "올리고"]],
  ["데모 영상", ha("녹화")],
  ["릴리스", ha("태깅")],
  ["인증 리팩터링", ["이어서 해", "이어서 할", "이어서 했", "이어서 하기", "이어서 하고"]],
  ["어제 인계서 읽고 작업", ha("계속")],
  ["리뷰 코멘트", ha("처리")],
  ["팀 채널에 요약", ["올려", "올릴", "올렸", "올리기", "올리고"]],
  ["인계 파서 테스트", ["써", "쓸", "썼", "쓰기", "쓰고"]],
  ["핸드오프 모듈", ["고쳐", "고칠", "고쳤", "고치기", "고치고"]],
  ["위키 페이지", ha("수정")],
  ["테스트가 통과하게", ["만들어", "만들", "만들었", "만들기", "만들고"]],
  ["코드", ha("포맷")],
];
const KO_WORK_PRE: readonly string[] = [
  "",
  "",
  "그리고 ",
  "그 다음에 ",
  "그다음엔 ",
  "끝나면 ",
  "다 하면 ",
  "하고 나서 ",
  "추가로 ",
  "참고로 ",
  "그리고 나서 ",
  "이후 ",
  "그 후에 ",
  "아 그리고 ",
  "P.S. ",
  "덤으로 ",
  "겸사겸사 ",
  "다음 세션을 위해 ",
  "같은 커밋에 ",
  "인계 후에 ",
  "그것도 끝나면 ",
  "시간 되면 ",
];
const KO_WORK_NOUN: Slot = [
  "사용하지 않는 플래그 정리",
  "SDK 버전 업",
  "결제 모듈 리팩터링",
  "티켓 #52",
  "마이그레이션 스크립트",
  "캐시 TTL 30초로",
  "의존성 업데이트까지",
  "로그인 버그 수정",
  "users 테이블 삭제",
  "스테이징 배포",
  "벤치마크 실행",
  "API 키 생성",
  "릴리스 노트",
];

function koOther(rand: () => number): Clause[] {
  const out: Clause[] = [];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  KO_FORMS.forEach((form, fi) => {
    for (let k = 0; k < 6; k++) {
      const [obj, v] = pick(KO_WORK);
      const also = rand() < 0.35
        ? "도"
        : /[A-Za-z0-9]$/.test(obj) || /에$|로$|게$|을$|를$/.test(obj)
        ? ""
        : rand() < 0.5
        ? ""
        : "를";
      const pre = pick(KO_WORK_PRE);
      const o = /에$|로$|게$|을$|를$/.test(obj) ? obj : obj + also;
      out.push({ lang: "ko", label: "other", family: `ko.other.f${fi}`, text: `${pre}${o} ${koFill(form, v)}` });
    }
  });
  KO_NOUN_FORMS.forEach((form, fi) => {
    for (let k = 0; k < 4; k++) {
      const [obj, v] = pick(KO_WORK);
      const n = KO_NOUN_OF(v);
      if (n === null) continue;
      out.push({
        lang: "ko",
        label: "other",
        family: `ko.other.noun.f${fi}`,
        text: pick(KO_WORK_PRE) + form.replace("{n}", `${obj} ${n}`),
      });
    }
  });
  const shapes: [string, readonly Part[]][] = [
    ["next.ticket", [
      ["다음 티켓: ", "할 일: ", "남은 단계: ", "실행할 항목: ", "이후: ", "다음 작업: ", "그다음: "],
      KO_WORK_NOUN,
    ]],
    ["list.item", [["- ", "2. ", "3) ", "* "], KO_WORK_NOUN]],
    ["chain.first", [KO_WORK.map(([o, v]) => `${o} ${v[4]}`), [" "], ["", "나서"]]],
    ["permission", [KO_WORK.slice(0, 20).map(([o, v]) => `${o} ${v[0].replace(/해$/, "하")}`), [
      "시면 돼요",
      "면 돼",
      "면 됩니다",
      "셔도 돼요",
    ]]],
    ["future.handoff", [[
      "인계는 나중에 할게요",
      "아직 인계서는 필요 없어",
      "인계는 내일 요청할게",
      "인계 요청은 이따가 할 거야",
      "핸드오프는 나중에",
    ], ["", ", 계속 작업해", "."]]],
    ["negated", [["인계 문서는 아직 쓰지 마", "인계서 쓰지 마세요", "HANDOFF.md는 건드리지 마", "인계는 하지 마"], [
      "",
      "요",
      ".",
    ]]],
    ["mention", [[
      "핸드오프 파서가 크래시 나",
      "결제의 인계 흐름이 깨졌어",
      "CI가 인계 문서를 덮어써",
      "어제 인계서에 테스트가 통과한다고 돼 있는데 아니야",
      "인계서 읽고 이어서 작업해",
      "인계서 형식이 뭐야?",
      "인계받은 티켓 #45 이어서 구현해",
    ], ["", ".", "?"]]],
    ["other.doc", [
      [
        "릴리스 노트",
        "변경 로그",
        "상태 보고서",
        "스탠드업 내용",
        "PR 설명",
        "설계 문서",
        "README",
        "회의록",
        "온보딩 가이드",
      ],
      [" "],
      ["써 줘", "작성해 주세요", "정리해 줘", "업데이트해 줘", "도 써 줘"],
    ]],
    ["summary.session", [[
      "이번 세션 요약해 줘",
      "오늘 커밋 정리해 줘",
      "오늘 뭐 했는지 알려 줘",
      "팀에 상태 공유해 줘",
    ], ["", "."]]],
    ["stmt.need", [KO_WORK_NOUN, ["도 필요해", "도 해야 돼", "도 오늘 끝내야 해", "가 다음이야"]]],
  ];
  for (const [fam, parts] of shapes) {
    for (const t of expand(rand, parts, 16)) {
      out.push({ lang: "ko", label: "other", family: `ko.other.${fam}`, text: t });
    }
  }
  return out;
}

function koSupport(rand: () => number): Clause[] {
  const shapes: [string, readonly Part[]][] = [
    ["reason", [[
      "컨텍스트 한도가 가까우니",
      "컨텍스트가 거의 찼으니",
      "세션이 길어졌으니",
      "소프트 한도입니다",
      "한도가 가까워요",
      "컨텍스트 92%예요",
      "토큰이 얼마 안 남았어",
      "작업자 교체할 거라서",
      "시간이 없어서",
      "하드 한도 직전이라",
      "컨텍스트 거의 다 썼어요",
      "여유가 없으니까",
    ], [
      "",
      ".",
    ]]],
    ["courtesy", [[
      "고마워",
      "감사합니다",
      "수고했어",
      "수고 많으셨습니다",
      "오늘 수고 많으셨어요",
      "고생했어요",
      "땡큐",
      "ㄳ",
      "부탁해요",
      "안녕하세요",
      "좋아요",
    ], ["", "!", ".", "~"]]],
    ["commit", [[
      "커밋해 줘",
      "푸시해 줘",
      "커밋하고 푸시해 주세요",
      "브랜치에 푸시해",
      "커밋까지 해 줘",
      "푸시까지 부탁해요",
      "커밋, 푸시까지 해 주세요",
      "커밋해",
      "그리고 푸시",
      "커밋해 두세요",
    ], ["", "."]]],
    ["save", [[
      "docs/handoff.md로 저장해 줘",
      ".vigil/handoff/ 아래에 저장해 주세요",
      "HANDOFF.md로 저장",
      "저장해 둬",
      "레포 루트에 둬",
    ], ["", "."]]],
    ["nothing.more", [["그 이상은 필요 없어", "다른 건 필요 없어", "그거면 돼", "그것만 하면 돼", "그 외엔 없어"], [
      "",
      ".",
      "요",
    ]]],
    ["halt", [["멈추기", "중지", "작업 중지", "종료", "세션 종료", "정지"], ["", "."]]],
    ["wrapup", [[
      "이제 마무리하자",
      "끝내자",
      "여기서 끝내자",
      "오늘은 여기까지",
      "간단해도 돼",
      "괜찮아요",
      "대충이어도 돼",
      "간단하게라도",
    ], ["", "."]]],
    ["stop", [[
      "멈춰",
      "멈춰 주세요",
      "그리고 끝내",
      "끝나면 멈춰",
      "그걸로 끝",
      "그게 다야",
      "다른 건 없어",
      "그 다음엔 끝내시면 됩니다",
      "세션 종료해 주세요",
      "여기까지 하고",
      "작업은 여기서 마무리하고",
      "작업을 멈추고",
      "마무리하고",
    ], ["", "."]]],
    ["ban", [[
      "다른 작업은 시작하지 마",
      "다른 파일은 건드리지 마세요",
      "새 기능은 그만",
      "코드는 바꾸지 마",
      "새 작업 받지 마",
      "코딩은 그만해도 돼",
      "오늘은 기능 추가 그만",
      "다른 건 손대지 마세요",
    ], ["", ".", "요"]]],
    ["contents", [[
      "막힌 점도 포함해 주세요",
      "브랜치 이름과 실패하는 테스트도 적어 줘",
      "남은 일 위주로",
      "바뀐 것, 깨진 것, 다음 할 일 위주로요",
      "한 일, 남은 일, 막힌 부분",
      "어떤 마이그레이션이 돌았는지",
      "스크립트가 어디 있는지도 넣어 줘",
      "다음 단계도 포함해서",
      "실패한 테스트 목록도",
      "현재 브랜치랑 PR 번호",
    ], ["", "."]]],
    ["style", [[
      "짧게 써 줘",
      "간단하게",
      "200줄 이내로",
      "글머리표 말고 문장으로",
      "평소 형식으로",
      "지난번이랑 같은 형식",
      "그 형식 그대로 괜찮아",
      "맨 아래 새 섹션으로 추가하면 돼",
      "마크다운으로",
      "처음 보는 사람도 알 수 있게",
      "영어로 써 줘",
    ], ["", ".", "요"]]],
    ["doc.state", [[
      "지금 인계서가 오래됐어",
      "쓴 게 최신이 아니야",
      "두 세션 내용이 섞여 있어서 헷갈려",
      "기존 노트가 틀렸어",
      "이미 초안은 있어",
    ], ["", "."]]],
    ["who.next", [[
      "다음 작업자는 다나예요",
      "내일 다른 분이 이어서 하실 거예요",
      "새 세션이 이어받을 거야",
      "다음 에이전트가 제일 먼저 읽어",
      "다음 사람이 바로 이어받게요",
    ], ["", "."]]],
    ["ping", [["끝나면 알려 줘", "푸시되면 말해 줘", "경로 알려 주세요", "다 되면 답장 줘"], ["", "."]]],
    ["tag", [["[오케스트레이터]", "[크론]", "@워커", "[파이프라인]", "상태: 소프트 한도"], [""]]],
    ["when", [["지금", "지금 바로", "멈추기 전에", "컨텍스트 다 쓰기 전에", "여유 있을 때", "빨리", "오늘 중으로"], [
      "",
      ".",
    ]]],
  ];
  const out: Clause[] = [];
  for (const [fam, parts] of shapes) {
    for (const t of expand(rand, parts, 24)) {
      out.push({ lang: "ko", label: "support", family: `ko.support.${fam}`, text: t });
    }
  }
  return out;
}

// ───────────────────────────── Japanese ─────────────────────────────

const JA_DOC: Slot = [
  "引き継ぎ書",
  "引き継ぎ資料",
  "引き継ぎメモ",
  "引き継ぎドキュメント",
  "引継書",
  "引き継ぎ文書",
  "ハンドオフ文書",
  "ハンドオフメモ",
  "handoffドキュメント",
  "HANDOFF.md",
  "引き継ぎノート",
  "申し送り",
  "申し送り事項",
  "引き継ぎ事項",
  "docs/handoff.md",
  "引継ぎ資料",
  "ハンドオーバー資料",
];
/** A Japanese verb: [て form, stem (連用形), dictionary form, たい/ほしい base = て form]. */
type JaVerb = readonly [string, string, string];
const suru = (n: string): JaVerb => [`${n}して`, `${n}し`, `${n}する`];
const JA_DOC_VERB: readonly JaVerb[] = [
  ["書いて", "書き", "書く"],
  suru("作成"),
  ["まとめて", "まとめ", "まとめる"],
  suru("更新"),
  ["用意して", "用意し", "用意する"],
  ["仕上げて", "仕上げ", "仕上げる"],
  ["作って", "作り", "作る"],
  suru("整理"),
  ["書き直して", "書き直し", "書き直す"],
  ["最新にして", "最新にし", "最新にする"],
  suru("準備"),
  ["残して", "残し", "残す"],
  ["書き上げて", "書き上げ", "書き上げる"],
];
const JA_INTO_VERB: readonly JaVerb[] = [
  ["まとめて", "まとめ", "まとめる"],
  suru("記録"),
  ["書いて", "書き", "書く"],
  ["残して", "残し", "残す"],
  suru("追記"),
  suru("要約"),
  ["書き出して", "書き出し", "書き出す"],
  ["書き込んで", "書き込み", "書き込む"],
  suru("反映"),
  ["入れて", "入れ", "入れる"],
];
const JA_CONTENT: Slot = [
  "これまでの進捗を",
  "現在の状態を",
  "残っている作業を",
  "終わったことと残っていることを",
  "今日やったことを",
  "詰まっている点を",
  "お昼以降の変更を",
  "前回の記録以降にやったことを",
  "失敗しているテストを",
  "次のステップを",
  "作業内容を",
  "今の状況を",
  "ブランチ名と残タスクを",
];
/** Japanese request forms: {te} て form, {st} stem, {d} dictionary. */
const JA_FORMS: readonly string[] = [
  "{te}",
  "{te}ください",
  "{te}下さい",
  "{te}ね",
  "{te}おいて",
  "{te}おいてください",
  "{te}もらえる？",
  "{te}もらえますか",
  "{te}もらえますか？",
  "{te}くれる？",
  "{te}くれませんか",
  "{te}いただけますか",
  "{te}いただけますでしょうか",
  "{te}ほしい",
  "{te}ほしいです",
  "{te}もらいたい",
  "{te}くれ",
  "{d}こと",
  "{d}ように",
  "{d}ようにお願いします",
  "{st}ましょう",
  "{st}なさい",
  "{te}もらっていい？",
  "{te}くれると助かります",
  "{te}いただけると助かります",
  "{te}もらえると嬉しい",
  "{te}欲しいです",
  "{st}たいので、お願いします",
  "{te}ちょうだい",
  "{te}ー",
  "{te}おいてもらえる？",
  "{d}のをお願い",
  "{d}",
  "{st}",
  "{te}から",
  "{d}前に",
  "{d}ついでに",
];
const JA_NOUN_FORMS: readonly string[] = [
  "{n}をお願いします",
  "{n}お願いします",
  "{n}お願い",
  "{n}をお願い",
  "{n}よろしく",
  "{n}よろしくお願いします",
  "{n}よろ",
  "{n}頼む",
  "{n}を頼みます",
  "{n}",
  "{n}で",
  "{n}してください",
  "{n}して",
  "{n}までお願いします",
  "{n}だけお願いします",
  "{n}だけ書けばOK",
  "{n}が必要です",
  "{n}を",
];
const jaFill = (form: string, v: JaVerb) => form.replace("{te}", v[0]).replace("{st}", v[1]).replace("{d}", v[2]);

function jaDoc(rand: () => number): Clause[] {
  const out: Clause[] = [];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  JA_FORMS.forEach((form, fi) => {
    for (let k = 0; k < 5; k++) {
      const v = pick(JA_DOC_VERB);
      const d = pick(JA_DOC);
      const p = ["を", "を", "", "は", "だけ"][Math.floor(rand() * 5)];
      out.push({ lang: "ja", label: "doc", family: `ja.doc.verb.f${fi}`, text: `${d}${p}${jaFill(form, v)}` });
    }
    for (let k = 0; k < 3; k++) {
      const v = pick(JA_INTO_VERB);
      const d = pick(JA_DOC);
      out.push({
        lang: "ja",
        label: "doc",
        family: `ja.doc.into.f${fi}`,
        text: `${pick(JA_CONTENT)}${d}に${jaFill(form, v)}`,
      });
    }
  });
  JA_NOUN_FORMS.forEach((form, fi) => {
    for (let k = 0; k < 5; k++) {
      const d = pick(JA_DOC);
      const n = [`${d}の作成`, `${d}の更新`, `${d}作成`, d, `${d}の用意`, `${d}の準備`][Math.floor(rand() * 6)];
      out.push({ lang: "ja", label: "doc", family: `ja.doc.noun.f${fi}`, text: form.replace("{n}", n) });
    }
  });
  const shapes: [string, readonly Part[]][] = [
    ["handover", [["", "そろそろ", "今すぐ", "新しいセッションに"], [
      "引き継いで",
      "引き継ぎして",
      "ハンドオフして",
      "引き継ぎをして",
    ], ["", "ください", "ね", "おいて", "もらえる？", "いただけますか"]]],
    ["bare", [["引き継ぎ", "ハンドオフ", "引き継ぎ作業", "申し送り"], [
      "お願い",
      "をお願いします",
      "よろしく",
      "よろ",
      "頼む",
      "の時間です",
      "して",
    ]]],
    ["next.purpose", [
      ["次の人が引き継げるように", "次の担当者のために", "新しいセッションが続けられるように", "後任が読めるように"],
      ["、", ""],
      JA_CONTENT,
      ["まとめてください", "書き出しておいて", "残しておいて", "記録して", "まとめてもらえる？"],
    ]],
    ["path", [["次のエージェントが知るべきことを全部", "次のセッションに必要なことを"], [
      "NEXT.mdに",
      "HANDOFF.mdに",
      "notes/next.mdに",
    ], ["書き出しておいて", "まとめて", "書いてください", "残しておいて"]]],
    ["todo", [["TODO: ", "やること：", "必須アクション：", "タスク：", "- [ ] "], JA_DOC, [
      "作成",
      "の更新",
      "作成（現状を含む）",
      "作成 → docs/handoff.md",
    ]]],
    ["latest", [JA_DOC, ["を最新にしておいてください", "を最新の状態に更新して", "を今の状態に合わせて"]]],
    ["wrap", [["締めとして", "終わる前に", "止まる前に", "上限の前に"], JA_DOC, [
      "を書いて",
      "の作成をお願いします",
      "をまとめておいて",
    ]]],
    ["only", [JA_DOC, ["だけ書いて", "だけお願いします", "だけ書けばOK", "だけで大丈夫です", "だけ作成してください"]]],
  ];
  for (const [fam, parts] of shapes) {
    for (const t of expand(rand, parts, 14)) out.push({ lang: "ja", label: "doc", family: `ja.doc.${fam}`, text: t });
  }
  return out;
}

const JA_WORK: readonly [string, JaVerb][] = [
  ["ログインのバグを", ["直して", "直し", "直す"]],
  ["READMEを", suru("更新")],
  ["バージョンを", ["上げて", "上げ", "上げる"]],
  ["ベンチマークを", ["回して", "回し", "回す"]],
  ["スケジューラにログを", suru("追加")],
  ["パーサーを", suru("リファクタリング")],
  ["キャッシュのテストを", ["書いて", "書き", "書く"]],
  ["usersテーブルを", suru("移行")],
  ["ステージングに", suru("デプロイ")],
  ["キャッシュ変更のPRを", ["出して", "出し", "出す"]],
  ["PR 77を", suru("マージ")],
  ["mainに", suru("リベース")],
  ["チケット#52に", suru("着手")],
  ["不安定なテストを", ["見て", "見", "見る"]],
  ["CIが落ちる原因を", ["調べて", "調べ", "調べる"]],
  ["ドキュメントをドイツ語に", suru("翻訳")],
  ["CHANGELOGを", suru("更新")],
  ["CHANGELOGに今回の修正を", suru("追加")],
  ["未使用のフラグを", suru("削除")],
  ["古いブランチを", ["消して", "消し", "消す"]],
  ["依存関係を", suru("インストール")],
  ["ステージングDBを", suru("セットアップ")],
  ["PR #12を", suru("レビュー")],
  ["メモリリークを", suru("調査")],
  ["コミットを", suru("スカッシュ")],
  ["ルーターをv7に", ["上げて", "上げ", "上げる"]],
  ["issueに", ["返信して", "返信し", "返信する"]],
  ["リリースノートを", ["書いて", "書き", "書く"]],
  ["検索の設計書を", suru("作成")],
  ["APIドキュメントを", suru("更新")],
  ["READMEにも変更を", ["書いて", "書き", "書く"]],
  ["キャッシュをRedisに", ["切り替えて", "切り替え", "切り替える"]],
  ["APIキーを", suru("ローテーション")],
  ["ビルドキャッシュを", suru("クリア")],
  ["キャッシュのTTLを30秒に", suru("設定")],
  ["e2eスイートを", ["回し直して", "回し直し", "回し直す"]],
  ["エラーメッセージを", suru("ローカライズ")],
  ["マイグレーションを", ["終わらせて", "終わらせ", "終わらせる"]],
  ["エクスポートボタンを", suru("実装")],
  ["lintエラーを", ["直して", "直し", "直す"]],
  ["トークンの更新処理を", ["直して", "直し", "直す"]],
  ["決済連携を", ["始めて", "始め", "始める"]],
  ["ログレベルをdebugに", ["変えて", "変え", "変える"]],
  ["キャッシュの無効化を", ["直して", "直し", "直す"]],
  ["SDKのバージョンを", ["上げて", "上げ", "上げる"]],
  ["デモ動画を", suru("録画")],
  ["リリースに", ["タグを付けて", "タグを付け", "タグを付ける"]],
  ["認証のリファクタリングを", ["続けて", "続け", "続ける"]],
  ["昨日の引き継ぎ書を読んで作業を", ["続けて", "続け", "続ける"]],
  ["レビューコメントに", suru("対応")],
  ["チャンネルに要約を", suru("投稿")],
  ["引き継ぎパーサーのテストを", ["書いて", "書き", "書く"]],
  ["ハンドオフモジュールを", ["直して", "直し", "直す"]],
  ["Wikiページを", suru("修正")],
  ["テストが通るように", suru("修正")],
  ["コードを", suru("フォーマット")],
];
const JA_WORK_PRE: readonly string[] = [
  "",
  "",
  "それから、",
  "そのあと",
  "その後、",
  "あと、",
  "あと",
  "それと、",
  "終わったら",
  "ついでに",
  "次に、",
  "加えて、",
  "追伸：",
  "P.S. ",
  "それが済んだら",
  "次のセッション用に",
  "同じコミットで",
  "引き継ぎの後で",
  "時間があれば",
  "ちなみに",
];

function jaOther(rand: () => number): Clause[] {
  const out: Clause[] = [];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  JA_FORMS.forEach((form, fi) => {
    for (let k = 0; k < 6; k++) {
      const [obj, v] = pick(JA_WORK);
      const o = rand() < 0.3 ? obj.replace(/を$/, "も") : obj;
      out.push({
        lang: "ja",
        label: "other",
        family: `ja.other.f${fi}`,
        text: `${pick(JA_WORK_PRE)}${o}${jaFill(form, v)}`,
      });
    }
  });
  JA_NOUN_FORMS.forEach((form, fi) => {
    for (let k = 0; k < 4; k++) {
      const [obj, v] = pick(JA_WORK);
      if (!v[2].endsWith("する") || v[2].length < 4) continue;
      const n = obj.replace(/を$/, "の") + v[2].slice(0, -2);
      out.push({
        lang: "ja",
        label: "other",
        family: `ja.other.noun.f${fi}`,
        text: pick(JA_WORK_PRE) + form.replace("{n}", n),
      });
    }
  });
  const JA_WORK_NOUN = [
    "未使用フラグの削除",
    "SDKのバージョンアップ",
    "決済モジュールのリファクタリング",
    "チケット#52",
    "マイグレーションスクリプト",
    "キャッシュのTTLを30秒に",
    "依存関係の更新まで",
    "ログインバグの修正",
    "usersテーブル作成",
    "ステージングへのデプロイ",
    "ベンチマーク実行",
    "キャッシュ削除",
    "リリースノート",
  ];
  const shapes: [string, readonly Part[]][] = [
    ["next.ticket", [[
      "次のチケット: ",
      "タスク：",
      "残りの手順：",
      "実行する項目：",
      "その後：",
      "次の作業：",
      "やること：",
    ], JA_WORK_NOUN]],
    ["list.item", [["- ", "2. ", "3) ", "・"], JA_WORK_NOUN]],
    ["wish.pair", [
      ["引き継ぎ書を書いてほしいのと、", "引き継ぎ書が欲しいのと、", "引き継ぎ書の作成と、"],
      JA_WORK.map(([o, v]) => o + v[0]),
      ["ほしい", "ほしいです", "ください"],
    ]],
    ["chain.first", [JA_WORK.map(([o, v]) => o + v[0]), ["から", "、"]]],
    ["future.handoff", [[
      "引き継ぎは後でお願いします",
      "引き継ぎ書はまだいらない",
      "引き継ぎは明日お願いする予定です",
      "後で引き継ぎ依頼を出します",
      "それまでは作業を続けて",
    ], ["", "。"]]],
    ["negated", [[
      "引き継ぎ書はまだ書かないで",
      "引き継ぎ書は書かないでください",
      "HANDOFF.mdは触らないで",
      "引き継ぎはしなくていい",
    ], ["", "。"]]],
    ["mention", [[
      "ハンドオフパーサーがクラッシュする",
      "決済のハンドオフフローが壊れている",
      "CIが引き継ぎメモを上書きする",
      "昨日の引き継ぎ書にテストが通ると書いてあるが通らない",
      "引き継ぎ書を読んで続きをやって",
      "引き継ぎ書の形式は？",
      "引き継いだチケット#45の実装を続けて",
    ], ["", "。", "？"]]],
    ["other.doc", [
      [
        "リリースノート",
        "CHANGELOG",
        "状況報告",
        "スタンドアップ",
        "PRの説明",
        "設計書",
        "README",
        "議事録",
        "オンボーディングガイド",
      ],
      ["を", "も", "の"],
      ["書いて", "作成してください", "まとめて", "更新して", "作成"],
    ]],
    ["summary.session", [[
      "このセッションを要約して",
      "今日のコミットをまとめて",
      "今日やったことを教えて",
      "チームに状況を共有して",
    ], ["", "。"]]],
    ["stmt.need", [JA_WORK_NOUN, ["も必要", "も今日中に", "が次です", "もやっておく必要があります"]]],
  ];
  for (const [fam, parts] of shapes) {
    for (const t of expand(rand, parts, 16)) {
      out.push({ lang: "ja", label: "other", family: `ja.other.${fam}`, text: t });
    }
  }
  return out;
}

function jaSupport(rand: () => number): Clause[] {
  const shapes: [string, readonly Part[]][] = [
    ["reason", [[
      "コンテキストの上限が近いので",
      "上限が近いので",
      "セッションが長くなったので",
      "ソフトリミットです",
      "残り時間が少ないので",
      "コンテキスト92%です",
      "トークンが残り少ないから",
      "担当を交代するので",
      "時間がないので",
      "余裕がないので",
      "もう上限です",
    ], ["", "。", "、"]]],
    ["courtesy", [[
      "ありがとう",
      "ありがとうございます",
      "お疲れさまです",
      "お疲れさまでした",
      "今日はお疲れさまでした",
      "よろしくお願いします",
      "助かります",
      "サンキュー",
      "おつかれ",
      "こんにちは",
    ], ["", "！", "。"]]],
    ["commit", [[
      "コミットして",
      "プッシュして",
      "コミットしてプッシュしてください",
      "ブランチにプッシュして",
      "コミットまでお願いします",
      "プッシュまで",
      "コミット、プッシュまでお願いします",
      "コミットしておいて",
    ], ["", "。"]]],
    ["save", [[
      "docs/handoff.mdに保存して",
      ".vigil/handoff/に保存してください",
      "HANDOFF.mdとして保存",
      "保存しておいて",
      "リポジトリ直下に置いて",
    ], ["", "。"]]],
    ["nothing.more", [[
      "それ以上はいらない",
      "他はいらない",
      "それだけで大丈夫",
      "それだけでいい",
      "他には何もいらない",
    ], ["", "。", "です"]]],
    ["halt", [["停止", "停止して", "停止してください", "終了", "作業終了", "中断して"], ["", "。"]]],
    ["wrapup", [[
      "もう締めよう",
      "締めよう",
      "終わりにしよう",
      "ここで終わろう",
      "今日はここまで",
      "簡単なものでかまいません",
      "簡単でいい",
      "かまいません",
      "大丈夫です",
      "ざっくりでいい",
    ], ["", "。"]]],
    ["stop", [[
      "止まってください",
      "終わったら止まって",
      "それで終わり",
      "以上です",
      "他はなし",
      "作業を止めて",
      "ここまでにして",
      "そろそろ締めましょう",
      "それで終了してください",
      "セッションを終えてください",
    ], ["", "。"]]],
    ["ban", [[
      "新しい作業は始めないでください",
      "他のファイルは触らないで",
      "今日はもう機能追加はなしで",
      "コードは変えないで",
      "新しいタスクは受けないで",
      "コーディングはやめていい",
      "他には手を付けないでください",
    ], ["", "。"]]],
    ["contents", [[
      "詰まっている点も書いておいて",
      "ブランチ名と失敗しているテストも入れて",
      "残タスク中心に",
      "変えたところ、壊れているところ、次にやることを中心に",
      "終わったこと、残っていること、課題",
      "どのマイグレーションが実行されたか",
      "スクリプトの場所も入れて",
      "次のステップも含めて",
      "CIが月曜に不安定なことも書いておいて",
    ], ["", "。"]]],
    ["style", [[
      "短めで",
      "簡潔に",
      "200行以内で",
      "箇条書きではなく文章で",
      "箇条書きでお願いします",
      "いつもの形式で",
      "前回と同じ形式で",
      "その形式で大丈夫",
      "一番下に新しいセクションとして追加すればいい",
      "Markdownで",
      "初めての人でも分かるように",
      "英語で",
    ], ["", "。", "お願いします"]]],
    ["doc.state", [[
      "今の引き継ぎ書は古い",
      "書いたものが最新じゃない",
      "二つのセッションが混ざっていて分かりにくい",
      "既存のメモが間違っている",
      "下書きはもうある",
    ], ["", "。", "ので"]]],
    ["who.next", [[
      "次の担当はダナです",
      "サムが明日の朝から続きをやります",
      "新しいセッションが引き継ぎます",
      "次のエージェントが最初に読みます",
      "明日は別の人が続きをやります",
      "次の人がすぐ続けられるように",
    ], ["", "。"]]],
    ["ping", [["終わったら教えて", "プッシュしたら知らせて", "パスを返信してください", "完了したら返事ください"], [
      "",
      "。",
    ]]],
    ["tag", [["[オーケストレーター]", "[cron]", "@worker", "[パイプライン]", "状態：ソフトリミット"], [""]]],
    ["when", [["今", "今すぐ", "止まる前に", "まだ余裕があるうちに", "早めに", "今日中に"], ["", "。"]]],
  ];
  const out: Clause[] = [];
  for (const [fam, parts] of shapes) {
    for (const t of expand(rand, parts, 24)) {
      out.push({ lang: "ja", label: "support", family: `ja.support.${fam}`, text: t });
    }
  }
  return out;
}

/** Fillers, connectives and fragments that ask nothing by themselves. */
const FILLERS: Record<Lang, Slot> = {
  en: [
    "go ahead",
    "ok so",
    "alright",
    "right",
    "so",
    "now then",
    "P.S",
    "PS",
    "btw",
    "oh",
    "and",
    "then",
    "also",
    "ok",
    "hmm",
    "one more thing",
    "last thing",
    "quick one",
    "fyi",
    "note",
  ],
  ko: ["아", "그리고", "그럼", "자", "음", "참", "아 맞다", "그러면", "일단", "우선", "하나 더", "참고"],
  ja: ["あ", "あと", "それと", "では", "じゃあ", "えっと", "ちなみに", "まず", "とりあえず", "もう一つ", "なお"],
};
const FRAGMENTS: Record<Lang, Slot> = {
  en: [
    "blockers in it",
    "what's left",
    "any open questions",
    "next steps",
    "the failing test",
    "where things stand",
    "what you tried",
    "why",
    "the branch name",
    "open questions",
    "what's done",
    "risks",
    "the PR link",
  ],
  ko: [
    "남은 일",
    "막힌 점",
    "다음 단계",
    "실패하는 테스트",
    "브랜치 이름",
    "시도한 것",
    "위험 요소",
    "PR 링크",
    "한 일",
  ],
  ja: [
    "残タスク",
    "詰まっている点",
    "次のステップ",
    "失敗しているテスト",
    "ブランチ名",
    "試したこと",
    "リスク",
    "PRのリンク",
    "やったこと",
  ],
};
const TAILS: Record<Lang, readonly [string, string][]> = {
  en: [
    ["", " with today's findings"],
    ["", " with the current status"],
    ["", " with your status and blockers in it"],
    ["", " before you stop"],
    ["", " for the next worker"],
    ["", " so the next session can pick up"],
    ["", " for tomorrow"],
    ["", " with what you did since lunch"],
    ["", " before the context runs out"],
  ],
  ko: [
    ["오늘 찾은 내용으로 ", ""],
    ["현재 상태로 ", ""],
    ["멈추기 전에 ", ""],
    ["다음 작업자를 위해 ", ""],
    ["내일을 위해 ", ""],
    ["점심 이후 내용으로 ", ""],
    ["지금 ", ""],
  ],
  ja: [
    ["今日わかったことで", ""],
    ["現状で", ""],
    ["止まる前に", ""],
    ["次の担当者のために", ""],
    ["明日のために", ""],
    ["お昼以降の内容で", ""],
    ["今", ""],
  ],
};
const JOINERS: Record<Lang, readonly string[]> = {
  en: [", ", " and ", ", then ", " and then ", " & ", " + "],
  ko: [", ", " 그리고 ", " ", "하고 "],
  ja: ["、", "、それから", "、あと", "＋"],
};

function extras(lang: Lang): Clause[] {
  const out: Clause[] = [];
  for (const t of FILLERS[lang]) out.push({ lang, label: "support", family: `${lang}.support.filler`, text: t });
  for (const t of FRAGMENTS[lang]) out.push({ lang, label: "support", family: `${lang}.support.fragment`, text: t });
  return out;
}

/** Two clauses run together (a comma, "and", no split): doc + support stays doc; anything + other is other. */
function composites(rand: () => number, base: Clause[], held: boolean): Clause[] {
  const out: Clause[] = [];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  for (const lang of ["en", "ko", "ja"] as const) {
    const mine = base.filter((c) => c.lang === lang && c.held === held);
    const doc = mine.filter((c) => c.label === "doc");
    const sup = mine.filter((c) => c.label === "support");
    const oth = mine.filter((c) => c.label === "other");
    const n = held ? 40 : 160;
    const join = (a: Clause, b: Clause) => a.text.replace(/[.!。！]$/, "") + pick(JOINERS[lang]) + b.text;
    for (let i = 0; i < n; i++) {
      const d = pick(doc);
      const [pre, post] = pick(TAILS[lang]);
      out.push({
        lang,
        label: "doc",
        family: `${lang}.comp.tail`,
        text: lang === "en" ? d.text + post : pre + d.text,
        held,
      });
      const sp = pick(sup);
      out.push({
        lang,
        label: "doc",
        family: `${lang}.comp.doc+sup`,
        text: rand() < 0.7 ? join(d, sp) : join(sp, d),
        held,
      });
      const o = pick(oth);
      out.push({
        lang,
        label: "other",
        family: `${lang}.comp.doc+other`,
        text: rand() < 0.7 ? join(d, o) : join(o, d),
        held,
      });
      if (i % 2 === 0) out.push({ lang, label: "other", family: `${lang}.comp.sup+other`, text: join(sp, o), held });
    }
  }
  return out;
}

/** The whole clause corpus, deterministic. */
export function corpus(): Clause[] {
  const rand = rng(20261205);
  const base = [
    ...enDoc(rand),
    ...enSupport(rand),
    ...enOther(rand),
    ...extras("en"),
    ...koDoc(rand),
    ...koSupport(rand),
    ...koOther(rand),
    ...extras("ko"),
    ...jaDoc(rand),
    ...jaSupport(rand),
    ...jaOther(rand),
    ...extras("ja"),
  ].map((c) => ({ ...c, held: heldOut(c.family) }));
  return [...base, ...composites(rand, base, false), ...composites(rand, base, true)];
}

if (import.meta.main) {
  const all = corpus();
  const key = (c: Clause) => `${c.lang} ${c.label} ${c.held ? "held" : "tune"}`;
  const counts = new Map<string, number>();
  for (const c of all) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  for (const [k, n] of [...counts].sort()) console.log(k, n);
  if (process.argv.includes("--sample")) {
    for (const c of all.filter((_, i) => i % 37 === 0)) console.log(JSON.stringify(c));
  }
}
