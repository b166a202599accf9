// Imports bun:sqlite.
import { Database } from "bun:sqlite";
process.exitCode = typeof Database === "function" ? 0 : 1;
