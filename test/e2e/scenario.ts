/**
 * The scenario builders live with the product's fake API (`src/prove/fake-api/`), which
 * `vigil doctor --prove` and this suite share: re-exported so scenario files keep their short
 * local import.
 */
export * from "../../src/prove/fake-api/scenario.ts";
