/**
 * The platforms vigil is built for: one `bun build --compile` target each, named
 * `vigil-<os>-<arch>[-musl]` in dist/ (and in the release's SHA256SUMS), and one npm package
 * each (`<name>-<os>-<arch>[-musl]`, selected by npm through `os`, `cpu` and `libc`).
 */
export interface Target {
  os: "linux" | "darwin";
  arch: "x64" | "arm64";
  /** Linux only: the C library the binary is linked against. */
  libc: "glibc" | "musl" | null;
  bun: Bun.Build.CompileTarget;
}

export const TARGETS: readonly Target[] = [
  { os: "linux", arch: "x64", libc: "glibc", bun: "bun-linux-x64" },
  { os: "linux", arch: "arm64", libc: "glibc", bun: "bun-linux-arm64" },
  { os: "linux", arch: "x64", libc: "musl", bun: "bun-linux-x64-musl" },
  { os: "linux", arch: "arm64", libc: "musl", bun: "bun-linux-arm64-musl" },
  { os: "darwin", arch: "arm64", libc: null, bun: "bun-darwin-arm64" },
  { os: "darwin", arch: "x64", libc: null, bun: "bun-darwin-x64" },
];

/** `linux-x64`, `linux-x64-musl`, `darwin-arm64`: the suffix of the binary's and the package's name. */
export function suffixOf(t: Target): string {
  return `${t.os}-${t.arch}${t.libc === "musl" ? "-musl" : ""}`;
}

/** The target of the machine this runs on (glibc on Linux: the build the tests run). */
export function hostTarget(): Target {
  const os = process.platform === "darwin" ? "darwin" : "linux";
  const arch = process.arch === "arm64" ? "arm64" : "x64";
  const t = TARGETS.find((x) => x.os === os && x.arch === arch && x.libc !== "musl");
  if (!t) throw new Error(`no target for ${os}-${arch}`);
  return t;
}
