/**
 * The DOWN check's process identity on macOS, from recorded values on both sides. Claude Code
 * (2.1.336, its darwin branch) writes `procStart` as the trimmed output of
 * `LC_ALL=C TZ=UTC ps -o lstart= -p PID`; vigil's probe asks `ps` the same way and parses the
 * line (src/edge/proc.ts parsePsLine). A mismatch in how either side spaces or trims the date
 * would report every macOS session DOWN, or miss a reused pid: these cases fail then.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkIdentity } from "../../src/core/doctor/identity.ts";
import { sameProcess } from "../../src/core/liveness.ts";
import { parsePsLine } from "../../src/edge/proc.ts";
import { readRegistry } from "../../src/edge/registry.ts";

const root = mkdtempSync(join(tmpdir(), "vigil-macos-id-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A registry file as Claude Code writes it on macOS: procStart is ps's lstart, trimmed. */
function registered(pid: number, procStart: string) {
  const dir = join(root, `home-${pid}`, ".claude", "sessions");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${pid}.json`),
    JSON.stringify({
      pid,
      sessionId: `mac-${pid}`,
      cwd: "/Users/dev/work",
      startedAt: Date.UTC(2026, 11, 3, 9, 5, 7) + 400,
      procStart,
      version: "2.1.336",
      kind: "interactive",
      entrypoint: "cli",
    }),
  );
  const [entry] = readRegistry({ home: join(root, `home-${pid}`), env: {} }).entries;
  if (!entry) throw new Error("the registry entry was not read");
  return entry;
}

const NOW = Date.UTC(2026, 11, 3, 12, 0, 0);

test.each([
  // A single-digit day: ps pads it with a space, and both sides must keep that space.
  ["a single-digit day", "Thu Dec  3 09:05:07 2026", "  4242 S+     51234   0:01.23 Thu Dec  3 09:05:07 2026"],
  ["a two-digit day", "Mon Nov 30 23:59:59 2026", "4242 Ss 1024 12:01.00 Mon Nov 30 23:59:59 2026   "],
])("%s: the same process is the same", (_, procStart, psLine) => {
  const entry = registered(4242, procStart);
  const probe = parsePsLine(psLine, NOW);
  if (!probe) throw new Error(`ps line not parsed: ${psLine}`);
  expect(probe.pid).toBe(4242);
  expect(sameProcess({ procStart: entry.procStart, startedAt: entry.startedAt }, probe)).toBe("same");
});

test("a reused pid (a later start on the same pid) is another process, so the session is DOWN", () => {
  const entry = registered(4343, "Thu Dec  3 09:05:07 2026");
  const probe = parsePsLine("4343 S 2048 0:00.10 Thu Dec  3 11:40:02 2026", NOW);
  if (!probe) throw new Error("ps line not parsed");
  expect(sameProcess({ procStart: entry.procStart, startedAt: entry.startedAt }, probe)).toBe("other");
});

// doctor's identity check (core/doctor/identity.ts) on the same recorded macOS values: what a
// user on macOS sees before the watch reports anything.
test("doctor: registry and ps agree on macOS, so the identity finding is ok", () => {
  const live = [
    ["Thu Dec  3 09:05:07 2026", "  4242 S+     51234   0:01.23 Thu Dec  3 09:05:07 2026"],
    ["Mon Nov 30 23:59:59 2026", "4243 Ss 1024 12:01.00 Mon Nov 30 23:59:59 2026   "],
  ].map(([procStart, line]) => {
    const probed = parsePsLine(line, NOW);
    if (!probed) throw new Error(`ps line not parsed: ${line}`);
    const entry = registered(probed.pid, procStart);
    return { pid: probed.pid, registered: { procStart: entry.procStart, startedAt: entry.startedAt }, probed };
  });
  expect(checkIdentity({ platform: "darwin", unprobed: false, live }).map((f) => f.severity)).toEqual(["ok"]);
});

test("doctor: a registry whose lstart lost ps's padding disagrees on every session, a problem", () => {
  const live = [4444, 4445].map((pid) => {
    const probed = parsePsLine(`${pid} S 2048 0:00.10 Thu Dec  3 09:05:07 2026`, NOW);
    if (!probed) throw new Error("ps line not parsed");
    // The padded day collapsed to one space on the registry side.
    const entry = registered(pid, "Thu Dec 3 09:05:07 2026");
    return { pid, registered: { procStart: entry.procStart, startedAt: entry.startedAt }, probed };
  });
  const [f] = checkIdentity({ platform: "darwin", unprobed: false, live });
  expect(f.severity).toBe("problem");
  expect(f.message).toContain("every session DOWN");
});
