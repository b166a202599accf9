/**
 * The machine's effects are the source of the audit records of a death and a stall (issue 33):
 * the watch steps a session through the session step (src/core/step.ts) and the step writes the
 * `died`, `stalled` and `revived` of the effects it returns; nothing else writes those, nor the
 * watch's own `down` and `stale` of older versions. And the audit log is append-only: no source
 * updates an event in place (a stall's end is a new record, not a patched `endedAt`). Read from
 * the sources, comments stripped.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sourcesBelow, withoutComments as code } from "../source-files.ts";

/** The one writer of effect records, and the reader that turns an older version's rows into today's. */
const STEP = "src/core/step.ts";
const OLD_ROWS = "src/core/audit-details.ts";

/** Records of a death or a stall: the machine's effects, and the watch's own kinds of older versions. */
const KINDS = ["died", "stalled", "revived", "down", "stale"];

/** Writing a record of one of KINDS: an audit record literal (kind and detail), or an append naming it. */
const WRITES = KINDS.flatMap((k) => [
  new RegExp(`kind:\\s*"${k}"(\\s*as const)?,\\s*detail\\b`),
  new RegExp(`(appendEvent|appendEventWithId)\\([^;]*?"${k}"`),
]);

/** Changing a stored event: an UPDATE of the events table, or a JSON patch of a detail. */
const UPDATES = [/\bUPDATE\s+events\b/i, /json_(patch|set|insert|replace|remove)\(\s*detail\b/i];

const sources = sourcesBelow("src");

describe("a death or a stall is recorded only as the machine's effect", () => {
  test.each(sources.filter((s) => s.name !== STEP && s.name !== OLD_ROWS).map((s) => [s.name, s.text]))(
    "%s writes no died/stalled/revived/down/stale record itself",
    (_name, text) => {
      expect(WRITES.filter((re) => re.test(text)).map(String)).toEqual([]);
    },
  );

  test("the rule sees a record written beside the machine (control)", () => {
    expect(WRITES.some((re) => re.test(`store.appendEvent(now, id, "down", detail);`))).toBe(true);
    expect(WRITES.some((re) => re.test(`events.push({ kind: "stale", detail });`))).toBe(true);
    expect(WRITES.some((re) => re.test(code(readFileSync(join(ROOT, STEP), "utf8"))))).toBe(true);
  });
});

describe("the audit log is append-only", () => {
  test.each(sources.map((s) => [s.name, s.text]))("%s updates no event in place", (_name, text) => {
    expect(UPDATES.filter((re) => re.test(text)).map(String)).toEqual([]);
  });

  test("the rule sees an update (control)", () => {
    expect(UPDATES.some((re) => re.test(`"UPDATE events SET detail = json_patch(detail, ?) WHERE id = ?"`))).toBe(
      true,
    );
  });
});
