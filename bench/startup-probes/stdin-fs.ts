// Reads stdin through node:fs readFileSync(0).
import { readFileSync } from "node:fs";
JSON.parse(readFileSync(0, "utf8"));
