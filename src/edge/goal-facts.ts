/**
 * Reads what the transcript says about Claude Code's `/goal` and its check-ins
 * (core/goal-checkin.ts), for a Stop whose payload lists running background work: the only
 * turn end a goal check-in can follow. Walks the tail backwards (at most the Stop facts' bound)
 * and parses only the lines that can matter: goal states, check-ins and user records.
 */
import { Buffer } from "node:buffer";
import { closeSync, fstatSync } from "node:fs";
import { type GoalCheckins, goalScan } from "../core/goal-checkin.ts";
import { isBookkeeping } from "../core/meter/backward.ts";
import { type ByteSource, decode, parseLine, scanBackward } from "../core/meter/lines.ts";
import { isObject } from "../core/payload.ts";
import { openToRead, readRange } from "./file-read.ts";
import { STOP_SCAN_BYTES } from "./stop-facts.ts";

const GOAL_STATUS = Buffer.from('"goal_status"');
const MARKS = [GOAL_STATUS, ...["goal-checkin", "Goal check-in: "].map((n) => Buffer.from(n))];
const NEEDLES = [...MARKS, Buffer.from('"type":"user"')];
const TOOL_RESULT = Buffer.from('"type":"tool_result"');

/** The goal check-in facts of the transcript at `path`; null without a goal or when it cannot be read. */
export function readGoalCheckins(path: string, maxScanBytes = STOP_SCAN_BYTES): GoalCheckins | null {
  let fd: number;
  try {
    fd = openToRead(path);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const src: ByteSource = { id: `${st.dev}:${st.ino}`, size: st.size, read: (at, n) => readRange(fd, at, n) };
    return scanGoalCheckins(src, maxScanBytes);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * `readGoalCheckins` over any byte source. Two passes: the goal's states first, jumping from one
 * `goal_status` line to the next without parsing anything else (a session that never set a goal,
 * most of them, costs no more than that); then, only when there is one, every line since the
 * goal was set (or the window's floor), for the check-ins and the prompts.
 */
export function scanGoalCheckins(src: ByteSource, maxScanBytes = STOP_SCAN_BYTES): GoalCheckins | null {
  const floor = Math.max(0, src.size - maxScanBytes);
  const walk = { floorIsLineStart: floor === 0, chunkBytes: 1024 * 1024, maxLineBytes: maxScanBytes };
  let seen = false;
  let setAt: number | null = null;
  scanBackward(src, (bytes, start) => {
    for (const v of parseLine(decode(bytes))) {
      const a = isObject(v) && v.type === "attachment" && isObject(v.attachment) ? v.attachment : null;
      if (a?.type !== "goal_status") continue;
      seen = true;
      if (a.sentinel === true) setAt = start;
    }
    return setAt === null;
  }, { ...walk, floor, only: [GOAL_STATUS] });
  if (!seen) return null;
  const scan = goalScan();
  const from = setAt ?? floor;
  scanBackward(src, (bytes) => {
    const line = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.length === 0 || !NEEDLES.some((n) => line.includes(n))) return true;
    // A tool result is neither a prompt nor a check-in, and most of a working session's lines.
    if (line.includes(TOOL_RESULT) && !MARKS.some((n) => line.includes(n))) return true;
    const text = decode(bytes);
    if (isBookkeeping(text)) return true;
    for (const v of parseLine(text).reverse()) if (isObject(v) && !scan.visit(v)) return false;
    return true;
  }, { ...walk, floor: from, floorIsLineStart: from === 0 || setAt !== null });
  return scan.result();
}
