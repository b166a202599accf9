/**
 * One adapter per candidate parser: load it from the scratch directory and reduce its tree to
 * the quote-removed names of every simple command, or report that it rejected the line.
 * The candidates are not dependencies, so everything they return is walked as `unknown`.
 */
export type Outcome = { ok: true; names: string[] } | { ok: false } | { ok: "n/a" };
export type Parse = (line: string) => Outcome | Promise<Outcome>;
export interface Adapter {
  name: string;
  load(dir: string): Promise<Parse>;
  /** Source of a compiled-binary entry that loads the parser and parses one line. */
  entry(dir: string): string;
}

type Rec = Record<string, unknown>;
const isRec = (x: unknown): x is Rec => typeof x === "object" && x !== null;
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const str = (x: unknown): string => (typeof x === "string" ? x : "");
function call(f: unknown, self: unknown, ...args: unknown[]): unknown {
  if (typeof f !== "function") throw new Error("not a function");
  return Reflect.apply(f, self, args);
}
async function mod(dir: string, spec: string): Promise<Rec> {
  const path = Bun.resolveSync(spec, dir);
  const m: unknown = await import(path);
  if (!isRec(m)) throw new Error(`cannot load "${spec}"`);
  return m;
}
/** Every object in a plain JSON-like tree, depth first. */
function* objects(x: unknown): Generator<Rec> {
  if (Array.isArray(x)) { for (const v of x) yield* objects(v); }
  else if (isRec(x)) {
    yield x;
    for (const v of Object.values(x)) yield* objects(v);
  }
}
const LINE = JSON.stringify("git commit -m \"$(cat <<'EOF'\nmsg\nEOF\n)\" && git push");
/** Wrap an entry body so the compiled binary reports its own load and first-parse times. */
const timed = (imports: string, load: string, parse: string) =>
  `${imports}const t0 = performance.now();\n${load}\nconst t1 = performance.now();\n${parse}\n` +
  `console.log(JSON.stringify({ load: +(t1 - t0).toFixed(2), first: +(performance.now() - t1).toFixed(2) }));\n`;

const unbash: Adapter = {
  name: "unbash",
  async load(dir) {
    const m = await mod(dir, "unbash");
    return (line) => {
      const names: string[] = [];
      let bad = false;
      const visit = (n: unknown): void => {
        if (!isRec(n)) return;
        if (n.type === "Script" && arr(n.errors).length > 0) bad = true;
        if (n.type === "Command" && isRec(n.name)) names.push(str(n.name.value));
        call(m.forEachChild, null, n, visit);
      };
      visit(call(m.parse, null, line));
      return bad ? { ok: false } : { ok: true, names };
    };
  },
  entry: () => timed("", `const { parse } = await import("unbash");`, `parse(${LINE});`),
};

const aliou: Adapter = {
  name: "@aliou/sh",
  async load(dir) {
    const m = await mod(dir, "@aliou/sh");
    const lit = (w: unknown): string =>
      arr(isRec(w) ? w.parts : []).map((p) =>
        !isRec(p)
          ? ""
          : p.type === "Literal" || p.type === "SglQuoted"
          ? str(p.value)
          : p.type === "DblQuoted"
          ? lit(p)
          : "?"
      ).join("");
    return (line) => {
      const r = call(m.parse, null, line);
      if (!isRec(r) || arr(r.errors).length > 0) return { ok: false };
      const names = [...objects(r.ast)].filter((n) => n.type === "SimpleCommand")
        .filter((n) => arr(n.words).length > 0).map((n) => lit(arr(n.words)[0]));
      return { ok: true, names };
    };
  },
  entry: () => timed("", `const { parse } = await import("@aliou/sh");`, `parse(${LINE});`),
};

function bashParser(pkg: string): Adapter {
  return {
    name: pkg,
    async load(dir) {
      const m = await mod(dir, pkg);
      return (line) => {
        const ast = call(m.default, null, line);
        const names = [...objects(ast)].filter((n) => n.type === "Command" && isRec(n.name))
          .map((n) => (isRec(n.name) ? str(n.name.text) : ""));
        return { ok: true, names };
      };
    },
    entry: () => timed("", `const { default: parse } = await import("${pkg}");`, `parse(${LINE});`),
  };
}

const mvdan: Adapter = {
  name: "mvdan-sh",
  async load(dir) {
    const m = await mod(dir, "mvdan-sh");
    const syntax = isRec(m.default) ? m.default.syntax : m.syntax;
    if (!isRec(syntax)) throw new Error("no syntax");
    const type = (n: unknown) => str(call(syntax.NodeType, null, n));
    const lit = (w: unknown): string =>
      arr(isRec(w) ? w.Parts : []).map((p) =>
        type(p) === "Lit" || type(p) === "SglQuoted"
          ? str(isRec(p) ? p.Value : "")
          : type(p) === "DblQuoted"
          ? lit(p)
          : "?"
      ).join("");
    return (line) => {
      const f = call(syntax.NewParser, null);
      const file = call(isRec(f) ? f.Parse : null, f, line, "src");
      const names: string[] = [];
      call(syntax.Walk, null, file, (n: unknown) => {
        if (type(n) === "CallExpr" && isRec(n) && arr(n.Args).length) names.push(lit(arr(n.Args)[0]));
        return true;
      });
      return { ok: true, names };
    };
  },
  entry: () =>
    timed(
      "",
      `const { default: sh } = await import("mvdan-sh");`,
      `sh.syntax.NewParser().Parse(${LINE}, "src");`,
    ),
};

const shSyntax: Adapter = {
  name: "sh-syntax",
  async load(dir) {
    const m = await mod(dir, "sh-syntax");
    return async (line) => {
      // The exported tree keeps only positions for commands (`Cmd: { Pos, End }`), so it can
      // validate a line but cannot say which commands it holds.
      await call(m.parse, null, line);
      return { ok: "n/a" };
    };
  },
  entry: (dir) =>
    timed(
      `import wasm from "${dir}/node_modules/sh-syntax/main.wasm" with { type: "file" };\n`,
      // The bundler drops sh-syntax's side-effect import of Go's runtime shim; load it by hand.
      `await import("${dir}/node_modules/sh-syntax/vendors/wasm_exec.cjs");\n` +
        `const { getProcessor } = await import("${dir}/node_modules/sh-syntax/lib/processor.js");\n` +
        `const p = getProcessor(() => Bun.file(wasm).arrayBuffer());`,
      `await p(${LINE});`,
    ),
};

const treeSitter: Adapter = {
  name: "web-tree-sitter + tree-sitter-bash",
  async load(dir) {
    const m = await mod(dir, "web-tree-sitter");
    const Parser = m.Parser, Language = m.Language;
    if (!isRec(Parser) && typeof Parser !== "function") throw new Error("no Parser");
    await call(isRec(Parser) || typeof Parser === "function" ? Reflect.get(Parser, "init") : null, Parser);
    const wasm = `${dir}/node_modules/tree-sitter-bash/tree-sitter-bash.wasm`;
    const lang = await call(Reflect.get(Object(Language), "load"), Language, wasm);
    const parser: unknown = Reflect.construct(Object(Parser), []);
    call(Reflect.get(Object(parser), "setLanguage"), parser, lang);
    const unquote = (s: string) => s.replace(/\\(.)/g, "$1").replace(/["']/g, "");
    return (line) => {
      const tree = call(Reflect.get(Object(parser), "parse"), parser, line);
      const root: unknown = Reflect.get(Object(tree), "rootNode");
      if (Reflect.get(Object(root), "hasError") === true) return { ok: false };
      const names: string[] = [];
      const walk = (n: unknown): void => {
        if (Reflect.get(Object(n), "type") === "command") {
          const nm = call(Reflect.get(Object(n), "childForFieldName"), n, "name");
          names.push(unquote(str(Reflect.get(Object(nm), "text"))));
        }
        for (const c of arr(Reflect.get(Object(n), "namedChildren"))) walk(c);
      };
      walk(root);
      return { ok: true, names };
    };
  },
  entry: (dir) =>
    timed(
      `import core from "${dir}/node_modules/web-tree-sitter/web-tree-sitter.wasm" with { type: "file" };\n` +
        `import bash from "${dir}/node_modules/tree-sitter-bash/tree-sitter-bash.wasm" with { type: "file" };\n`,
      `const { Parser, Language } = await import("web-tree-sitter");\n` +
        `await Parser.init({ wasmBinary: new Uint8Array(await Bun.file(core).arrayBuffer()) });\n` +
        `const lang = await Language.load(new Uint8Array(await Bun.file(bash).arrayBuffer()));\n` +
        `const p = new Parser(); p.setLanguage(lang);`,
      `p.parse(${LINE});`,
    ),
};

const shellQuote: Adapter = {
  name: "shell-quote",
  async load(dir) {
    const m = await mod(dir, "shell-quote");
    return (line) => {
      // A tokenizer: operators are tokens, there is no nesting, `$(` is not understood.
      const toks = arr(call(m.parse, null, line));
      const names: string[] = [];
      let start = true;
      for (const t of toks) {
        if (isRec(t) && "op" in t) start = true;
        else if (start && typeof t === "string" && !/^\w+=/.test(t)) {
          names.push(t);
          start = false;
        }
      }
      return { ok: true, names };
    };
  },
  entry: () => timed("", `const { parse } = await import("shell-quote");`, `parse(${LINE});`),
};

/** vigil's own analysis on top of unbash: what the hook actually pays. */
const SHELL_TS = new URL("../../src/core/shell.ts", import.meta.url).pathname;
const vigil: Adapter = {
  name: "vigil analyzeCommandLine",
  async load() {
    const { analyzeCommandLine, commandName } = await import("../../src/core/shell.ts");
    return (line) => {
      const a = analyzeCommandLine(line);
      if (!a.ok) return { ok: false };
      const names = a.commands.filter((c) => c.argv.length > 0).map((c) => commandName(c.argv[0]) ?? "?");
      return { ok: true, names };
    };
  },
  entry: () => timed("", `const { analyzeCommandLine } = await import("${SHELL_TS}");`, `analyzeCommandLine(${LINE});`),
};

export const ADAPTERS: Adapter[] = [
  vigil,
  unbash,
  aliou,
  bashParser("@ericcornelissen/bash-parser"),
  bashParser("bash-parser"),
  mvdan,
  shSyntax,
  treeSitter,
  shellQuote,
];
