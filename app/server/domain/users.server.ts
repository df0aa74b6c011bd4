import crypto from "node:crypto";
import { db } from "../storage/db.server";
import { log } from "../platform/log.server";
import { hashPassword } from "../platform/password.server";

/** Creates the staff superuser, or resets its password (and staff flags) when it exists. */
export async function upsertStaffUser(username: string, password: string) {
  const passwordHash = await hashPassword(password);
  return db.user.upsert({
    where: { username },
    update: { passwordHash, isStaff: true, isSuperuser: true },
    create: { username, passwordHash, isStaff: true, isSuperuser: true },
    select: { id: true, username: true },
  });
}

/**
 * DESIGN.md 3: ADMIN_USERNAME/ADMIN_PASSWORD set that user at every start; with neither set and
 * no user at all, `admin` gets a random password shown once: one JSON line of the log, `"msg":"staff
 * account created"` with `username` and `initialPassword` (docs/operations.md, "Staff users"). It is
 * in no later line: the next start finds the user and says nothing. `report` gets the line's message
 * and fields (the JSON logger by default).
 */
export async function ensureAdminUser(opts: {
  username?: string;
  password?: string;
  report?: (level: "info" | "warn", msg: string, fields: Record<string, unknown>) => void;
}) {
  const say = opts.report ?? ((level, msg, fields) => log()[level](fields, msg));
  if (opts.username && opts.password) {
    await upsertStaffUser(opts.username, opts.password);
    say("info", "staff user ready (password from ADMIN_PASSWORD)", { username: opts.username });
    return;
  }
  if ((await db.user.count()) > 0) return;
  const username = opts.username ?? "admin";
  const password = crypto.randomBytes(9).toString("base64url");
  await upsertStaffUser(username, password);
  // `initialPassword`, not `password`: the logger's redact list would hide the one line meant to show it.
  say("warn", "staff account created", {
    username,
    initialPassword: password,
    next: "sign in and change it with: npm run user:create -- USERNAME NEW_PASSWORD; it is not shown again",
  });
}
