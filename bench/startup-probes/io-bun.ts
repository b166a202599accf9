// The same through Bun: the stdin stream, Bun.mmap, Bun.write.
import { lineThroughBun, stdinThroughStream, tailThroughMmap } from "./_io.ts";

await stdinThroughStream();
const s = tailThroughMmap(process.env.PROBE_T!);
await lineThroughBun('{"ok":' + s.length + "}");
