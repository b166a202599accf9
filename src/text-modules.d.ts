/** Recordings embedded in the binary with `import … with { type: "text" }`. */
declare module "*.jsonl" {
  const text: string;
  export default text;
}
