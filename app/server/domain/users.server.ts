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
 * no user at all, `admin` gets a random password printed once. `report` gets one line of text
 * (the JSON logger by default: the operator finds it in the server's log).
 */
export async function ensureAdminUser(opts: { username?: string; password?: string; report?: (text: string) => void }) {
  const say = (level: "info" | "warn", text: string) => (opts.report ? opts.report(text) : log()[level](text));
  if (opts.username && opts.password) {
    await upsertStaffUser(opts.username, opts.password);
    say("info", `Utente staff "${opts.username}" pronto (password da ADMIN_PASSWORD).`);
    return;
  }
  if ((await db.user.count()) > 0) return;
  const username = opts.username ?? "admin";
  const password = crypto.randomBytes(9).toString("base64url");
  await upsertStaffUser(username, password);
  say(
    "warn",
    `Accesso staff creato (mostrato una sola volta): utente: ${username} password: ${password} (cambiala con: npm run user:create -- <utente> <password>)`,
  );
}
