// Opens a database read-only and reads one pragma.
import { Database } from "bun:sqlite";
const d = new Database(process.env.PROBE_DB!, { readonly: true });
d.query("PRAGMA user_version").get();
d.close();
