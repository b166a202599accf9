/**
 * The bundler options every build of vigil shares: `compile.ts` (the executables) and the
 * test that keeps the hot path's code small (test/hot-path.test.ts) read the same ones.
 */
export const BUNDLE = {
  entrypoints: ["src/main.ts"],
  minify: true,
  format: "esm",
  // Prefer packages' ESM builds: xstate's default export condition is a CommonJS build
  // wrapped for import, a quarter larger and slower to start.
  conditions: ["module"],
  // Without this Bun resolves the "development" export condition: xstate's dev build.
  define: { "process.env.NODE_ENV": '"production"' },
  // Each command's code is its own chunk, so the hook path does not load serve, recall,
  // report or install (measured: --version 0.84× the CPU of the unsplit binary).
  splitting: true,
} as const;
