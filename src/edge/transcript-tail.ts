/**
 * A bounded read of the transcript's tail for the PreCompact draft: one positioned read of at
 * most `maxBytes` from the end, parsed forward. Only lines that can carry draft material are
 * parsed (a substring test first), so a tail full of large tool results costs one read and a
 * scan, not a JSON parse per line. Runs only on PreCompact with `trigger: "auto"`.
 */
import { closeSync, fstatSync } from "node:fs";
import { isBookkeeping } from "../core/meter/backward.ts";
import { isObject, type JsonObject } from "../core/payload.ts";
import { openToRead, readRange } from "./file-read.ts";

export const TAIL_BYTES = 4 * 1024 * 1024;

/** Substrings of every record type the draft reads. */
const WANTED = ['"tool_use"', '"tool_result"', "compact_boundary", "planFilePath", '"user"'];

export interface Tail {
  records: JsonObject[];
  /** The read began at the start of the file (nothing older exists). */
  wholeFile: boolean;
}

/** Parse the wanted records of the last `maxBytes` of `path`; null when it cannot be read. */
export function readTranscriptTail(path: string, maxBytes = TAIL_BYTES): Tail | null {
  let fd: number;
  try {
    fd = openToRead(path);
  } catch {
    return null;
  }
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - maxBytes);
    const lines = readRange(fd, start, size - start).toString("utf8").split("\n");
    // A read that began mid-file begins mid-line: drop that fragment.
    if (start > 0) lines.shift();
    const records: JsonObject[] = [];
    for (const line of lines) {
      // Request blobs and other bookkeeping repeat the conversation: skipped unparsed.
      if (line === "" || !WANTED.some((w) => line.includes(w)) || isBookkeeping(line)) continue;
      try {
        const v: unknown = JSON.parse(line);
        if (isObject(v)) records.push(v);
      } catch {
        // A torn last line or a foreign one: skipped, never fatal.
      }
    }
    return { records, wholeFile: start === 0 };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
