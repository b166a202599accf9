// Imports node:fs and calls it once.
import { existsSync } from "node:fs";
if (process.argv.length > 99) existsSync("x");
