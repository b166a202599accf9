/**
 * One night in the box for one Claude Code version: the seven sessions get their prompts, two
 * are killed once their first turn is over (one of them so that it cannot come back: its
 * conversation is moved away, as a cleanup would), `vigil watch --every` runs, and the night
 * ends once every session has shown its behaviour, or at a generous bound. Returns what the
 * independent count reads: transcripts, the fake API's requests, the receiver's log, the
 * `claude` calls, the kill times, and `night off --json`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ApiRequest } from "./api-request.ts";
import type { ClaudeVersion } from "./cli.ts";
import { type Box, openBox, phase, type Received, until } from "./night-box.ts";
import { parseJsonl } from "./sandbox.ts";
import { type VigilEvent, vigilEvents } from "./vigil-db.ts";
import { boxScenario, DONE, PROMPT, type Role, ROLES, TODO_OPEN } from "./night-box-script.ts";

/** A transcript record. */
export type Rec = Record<string, unknown>;

export interface NightEvidence {
  version: ClaudeVersion;
  /** Each session's transcript (the doomed one's as it was when it was moved away, plus anything after). */
  transcripts: Record<Role, Rec[]>;
  sessionIds: Record<Role, string>;
  requests: ApiRequest[];
  received: Received[];
  /** `claude` invocations through the PATH the watch restarts with: [cwd, args]. */
  claudeCalls: [string, string][];
  /** When the test killed each killed session. */
  kills: Partial<Record<Role, number>>;
  /** Killed sessions whose process had already exited by itself when the test came to kill it. */
  gone: Role[];
  /** The night's timeline: what happened how many ms after the box began opening (for its cost). */
  marks: [string, number][];
  nightOn: number;
  nightOff: number;
  /** `vigil night off --json`. */
  off: Record<string, unknown>;
  /** The watch's own output, for a failure's message. */
  watchLog: string;
  /** What vigil recorded (for assertions on vigil's own records; the count never reads them). */
  events: VigilEvent[];
}

const textOf = (r: Rec): string => JSON.stringify((r.message as Rec | undefined)?.content ?? "");

/** The transcript of the session working in `cwd`, from the box's transcripts. */
function byCwd(box: Box, cwd: string): { id: string; records: Rec[] } | null {
  for (const [id, records] of box.transcripts()) {
    if (records.some((r) => r.cwd === cwd)) return { id, records };
  }
  return null;
}

/** Move the doomed session's transcript out of Claude Code's projects into `dir`; its session id. */
function moveAway(box: Box, dir: string): string {
  const doomed = byCwd(box, box.sessions.get("doomed")?.cwd ?? "");
  if (doomed === null) throw new Error("the doomed session has no transcript");
  const projects = join(box.home, ".claude", "projects");
  const found = [...new Bun.Glob(`*/${doomed.id}.jsonl`).scanSync({ cwd: projects })];
  if (found.length !== 1) throw new Error(`${found.length} transcripts named ${doomed.id} under ${projects}`);
  mkdirSync(dir);
  renameSync(join(projects, found[0]), join(dir, `${doomed.id}.jsonl`));
  return doomed.id;
}

/**
 * The watch's log for a failure: which session id is which role, every line the watch wrote about
 * a session (they are few), and only the last pass summaries (one a pass: hundreds in a night).
 */
function watchDetail(box: Box): string {
  const ids = ROLES.map((r) => `${r} ${byCwd(box, box.sessions.get(r)?.cwd ?? "")?.id.slice(0, 8) ?? "-"}`).join(", ");
  const lines = box.watchLog().split("\n").filter((l) => l.trim() !== "");
  const summaries = lines.filter((l) => l.startsWith("vigil watch: "));
  const about = lines.filter((l) => !l.startsWith("vigil watch: "));
  return [`== watch (sessions: ${ids})`, ...about, ...summaries.slice(-5)].join("\n");
}

/** Whether `role`'s transcript shows `text` in an assistant record. */
export function said(box: Box, role: Role, text: string, times = 1): boolean {
  const t = byCwd(box, box.sessions.get(role)?.cwd ?? "");
  return (t?.records.filter((r) => r.type === "assistant" && textOf(r).includes(text)).length ?? 0) >= times;
}

/** The last time `role`'s transcript shows `text` in an assistant record. */
export function saidAt(box: Box, role: Role, text: string): number | null {
  const t = byCwd(box, box.sessions.get(role)?.cwd ?? "");
  const hit = t?.records.filter((r) => r.type === "assistant" && textOf(r).includes(text)).at(-1);
  return hit === undefined ? null : Date.parse(String(hit.timestamp));
}

/**
 * The order the prompts are typed in: the longest behaviours first. The report session's (two
 * thresholds, one after its first turn and one after its nudge, then two passes) is the night's
 * last in both versions, so it is typed before the doomed session's (two restart checks, in well
 * before it).
 */
const LONGEST: readonly Role[] = ["report", "doomed", "killed", "stall"];
const TYPING_ORDER: readonly Role[] = [...LONGEST, ...ROLES.filter((r) => !LONGEST.includes(r))];

/** Bounds: generous, since CI has two cores shared by every TUI of the night. */
const FIRST_TURNS_MS = 120_000;
const NIGHT_MS = 330_000;

/** Run one night of `version`; `done` says when the night's behaviours are all in. */
export async function runNight(
  version: ClaudeVersion,
  done: (box: Box) => boolean,
): Promise<NightEvidence> {
  const t0 = Date.now();
  const marks: [string, number][] = [];
  const box = await phase(
    "opening the box (seven TUIs up and registered)",
    () => openBox({ version, sessions: ROLES, scenario: boxScenario }),
    t0,
  );
  marks.push(["opened", Date.now() - t0]);
  try {
    for (const r of ROLES) writeFileSync(join(box.sessions.get(r)?.cwd ?? "", "NOTES.md"), "notes\n");
    for (const r of ["stall", "report"] as const) {
      writeFileSync(join(box.sessions.get(r)?.cwd ?? "", "TODO.md"), TODO_OPEN);
    }
    // The box runs its own watch rather than a schedule: --force says so to `night on`.
    await phase("night on", () => {
      const on = box.vigil("night", "on", "--scope", join(box.root, "work"), "--force");
      if (on.code !== 0) throw new Error(`exit ${on.code}: ${on.stderr}${on.stdout}`);
    }, t0);
    const nightOn = Date.now();
    marks.push(["night on", nightOn - t0]);
    box.startWatch();
    // The sessions whose behaviour takes longest (two restart checks; a nudge, then a threshold
    // and two passes) start first.
    for (const r of TYPING_ORDER) await box.type(r, PROMPT[r]);
    marks.push(["typed", Date.now() - t0]);
    const screens = () =>
      ROLES.map((r) => `== ${r}\n${box.screen(r).split("\n").filter((l) => l.trim() !== "").slice(-14).join("\n")}`)
        .join("\n") + `\n${watchDetail(box)}`;
    const firstDeadline = Date.now() + FIRST_TURNS_MS;
    // The killed sessions die once their first turn is over. One that already exited by itself
    // is dead all the same: the watch must handle it as it would a kill, so the night goes on.
    const kills: Partial<Record<Role, number>> = {};
    const gone: Role[] = [];
    const doomedDir = join(box.root, "lost");
    let doomedId = "";
    for (const r of ["doomed", "killed"] as const) {
      await until(`${r}'s first turn`, () => said(box, r, DONE), firstDeadline, screens);
      if (box.kill(r) === "gone") gone.push(r);
      kills[r] = Date.now();
      marks.push([`${r} killed`, kills[r] - t0]);
      // The doomed session's conversation goes away at once, before a watch pass can restart it:
      // `claude --resume` cannot bring it back.
      if (r === "doomed") {
        doomedId = await phase("moving the doomed session's transcript away", () => moveAway(box, doomedDir), t0);
      }
    }

    await until(
      `the night's behaviours (${((Date.now() - t0) / 1000).toFixed(0)} s in; ${
        gone.length > 0 ? `${gone.join(", ")} had exited by itself before its kill` : "both kills landed"
      })`,
      () => done(box),
      Date.now() + NIGHT_MS,
      screens,
      1_000,
    );
    marks.push(["behaviours in", Date.now() - t0]);
    for (const a of box.receiver.received) marks.push([`alert ${String(a.body.event)}`, a.at - t0]);
    const off = box.vigil("night", "off", "--json");
    const nightOff = Date.now();
    if (off.code !== 0) throw new Error(`box: night off failed: exit ${off.code}: ${off.stderr}`);

    const transcripts = {} as Record<Role, Rec[]>;
    const sessionIds = {} as Record<Role, string>;
    for (const r of ROLES) {
      const t = byCwd(box, box.sessions.get(r)?.cwd ?? "");
      const saved = r === "doomed" ? parseJsonl(readFileSync(join(doomedDir, `${doomedId}.jsonl`), "utf8")) : [];
      transcripts[r] = [...saved, ...(t?.records ?? [])];
      sessionIds[r] = r === "doomed" ? doomedId : t?.id ?? "";
    }
    const log = existsSync(box.claudeLog) ? readFileSync(box.claudeLog, "utf8") : "";
    return {
      version,
      transcripts,
      sessionIds,
      requests: box.fake.requests,
      received: [...box.receiver.received],
      claudeCalls: log.split("\n").filter((l) => l !== "").map((l) => {
        const [cwd, ...args] = l.split("\t");
        return [cwd, args.join("\t")];
      }),
      kills,
      gone,
      marks: marks.sort((a, b) => a[1] - b[1]),
      nightOn,
      nightOff,
      off: JSON.parse(off.stdout),
      watchLog: box.watchLog(),
      events: vigilEvents(box.vigilHome),
    };
  } finally {
    await box.close();
  }
}
