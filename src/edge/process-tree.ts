/**
 * The descendants of a process, for the HARD allow-list's `kill` rule: a worker may stop what
 * its own session started. Linux reads /proc (one small read per process); other systems ask
 * `ps` once. Read only when a command line names `kill`/`pkill`.
 */
import { nodeFs } from "./node-fs.ts";

/** pid → ppid for every process visible now. */
function parentTable(platform: NodeJS.Platform, procRoot: string): Map<number, number> {
  const table = new Map<number, number>();
  if (platform === "linux") {
    const { readdirSync, readFileSync } = nodeFs();
    for (const name of readdirSync(procRoot)) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const text = readFileSync(`${procRoot}/${name}/stat`, "utf8");
        // The command name (field 2) may hold spaces and parentheses: fields restart after the last ")".
        const ppid = Number(text.slice(text.lastIndexOf(")") + 2).split(" ")[1]);
        if (Number.isSafeInteger(ppid)) table.set(Number(name), ppid);
      } catch {
        // The process ended between the listing and the read.
      }
    }
    return table;
  }
  const r = Bun.spawnSync(["ps", "-A", "-o", "pid=,ppid="], { env: { PATH: "/bin:/usr/bin" } });
  for (const line of r.stdout.toString().split("\n")) {
    const m = /^\s*(\d+)\s+(\d+)/.exec(line);
    if (m) table.set(Number(m[1]), Number(m[2]));
  }
  return table;
}

/** Every process below `root` (children, their children, …), not `root` itself. */
export function descendantsOf(
  root: number,
  opts: { platform?: NodeJS.Platform; procRoot?: string } = {},
): number[] {
  const table = parentTable(opts.platform ?? process.platform, opts.procRoot ?? "/proc");
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of table) {
    const list = children.get(ppid);
    if (list) list.push(pid);
    else children.set(ppid, [pid]);
  }
  const out: number[] = [];
  const queue = [root];
  const seen = new Set([root]);
  while (queue.length > 0) {
    for (const c of children.get(queue.shift() ?? -1) ?? []) {
      if (seen.has(c)) continue;
      seen.add(c);
      out.push(c);
      queue.push(c);
    }
  }
  return out;
}
