// Reads stdin through a reader on Bun.stdin.stream() (what edge/stdin.ts does).
import { stdinThroughStream } from "./_io.ts";

await stdinThroughStream();
