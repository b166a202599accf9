// One fresh process's first use of each step, timed in-process (bench/cold-steps.ts). The
// steps are what a forwarding hook did or does before its request goes out; STDIN picks how
// stdin is read, since only one reader can read it.
const marks: [string, number][] = [];
let last = performance.now();
const mark = (name: string) => {
  const now = performance.now();
  marks.push([name, now - last]);
  last = now;
};
const env = process.env;
mark("process.env");
const home = env.HOME ?? "/";
mark("one env read");
void [home, "vigil.db"].filter((s) => s.length > 0).join("/");
mark("first Array.prototype.filter");
void /^HTTP\/1\.[01] (\d{3})/.exec("HTTP/1.1 200 OK");
mark("first regular expression");
void Object.entries(env).length;
mark("first Object.entries");
let joined = "";
for (const s of [home, "vigil.db"]) joined = joined === "" ? s : joined + "/" + s;
mark("a plain loop instead");
void Bun.file(joined).size;
mark("Bun.file().size (one stat)");
if (env.STDIN === "socket") {
  const { promise, resolve } = Promise.withResolvers<void>();
  let n = 0;
  await Bun.connect({
    fd: 0,
    socket: {
      data: (_s: unknown, d: Uint8Array) => void (n += d.length),
      end: () => resolve(),
      close: () => resolve(),
    },
  } as unknown as Bun.UnixSocketOptions<undefined>);
  await promise;
  mark(`stdin through Bun.connect({ fd: 0 }) (${n > 0 ? "read" : "empty"})`);
} else {
  const r = Bun.stdin.stream().getReader();
  let n = 0;
  for (;;) {
    const { done, value } = await r.read();
    if (done) break;
    n += value.length;
  }
  mark(`stdin through Bun.stdin.stream() (${n > 0 ? "read" : "empty"})`);
}
console.log(JSON.stringify(marks));

export {};
