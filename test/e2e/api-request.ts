/**
 * The e2e suite's view of recorded requests is the product's (`vigil doctor --prove` serves the
 * same fake API): re-exported here so scenario files keep their short local import.
 */
export * from "../../src/prove/fake-api/api-request.ts";
