// Imported first by every entry script (scripts/*.mjs, server.mjs): a script started by hand with an
// older `node` (the machine's own, say) stops here in one line that says what to run instead, before any
// other module is evaluated (better-sqlite3 13 would crash Node 20 with a segmentation fault, no message).
import { unsupportedNode } from "./runtime.mjs";

const unsupported = unsupportedNode();
if (unsupported) {
  process.stderr.write(`${unsupported}\n`);
  process.exit(1);
}
