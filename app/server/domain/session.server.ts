import crypto from "node:crypto";
import { createContext, createCookie, redirect, type Cookie, type RouterContext } from "react-router";
import { db } from "../storage/db.server";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";

/**
 * Staff sessions live in the database (Session table) behind a signed, HttpOnly, SameSite=Lax
 * cookie that carries only the random session id. The row is keyed by the id's SHA-256
 * (sessionRowId), so a copy of the database or a backup holds no id a cookie could carry. Logout
 * deletes the row, so a replayed cookie finds nothing. A session ends after IDLE_MS without
 * requests or ABSOLUTE_MS after sign-in.
 */
export type SessionUser = { id: number; username: string; isStaff: boolean; isSuperuser: boolean };

const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is refreshed at most this often, so reads do not turn into a write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

let cookie: Cookie | undefined;
export function sessionCookie(): Cookie {
  if (!cookie) {
    const env = getEnv();
    cookie = createCookie("staff_session", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: env.isProduction,
      secrets: [env.sessionSecret],
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  }
  return cookie;
}

/** The staff user of an /admin request, put there by the admin layout's middleware. */
export const staffContext = createContext<SessionUser | null>(null);

/**
 * The Session row's id for the session id a cookie carries: its SHA-256 (hex). The id is 32 random
 * bytes, so a plain hash cannot be reversed or guessed; no salt or slow hash is needed.
 */
export function sessionRowId(sessionId: string): string {
  return crypto.createHash("sha256").update(sessionId).digest("hex");
}

/** The Session row id of the request's staff_session cookie, or null when it carries none. */
async function sessionRowIdFrom(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? sessionRowId(value) : null;
}

/** The signed-in user, or null (no cookie, unknown or expired session). Expired rows are removed. */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  try {
    const id = await sessionRowIdFrom(request);
    if (!id) return null;
    const session = await db.session.findUnique({
      where: { id },
      select: {
        id: true,
        createdAt: true,
        lastSeenAt: true,
        expiresAt: true,
        user: { select: { id: true, username: true, isStaff: true, isSuperuser: true } },
      },
    });
    if (!session) return null;
    const now = Date.now();
    if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
      await db.session.deleteMany({ where: { id } });
      return null;
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await db.session.updateMany({ where: { id }, data: { lastSeenAt: new Date(now) } });
    }
    return session.user;
  } catch (error) {
    // SPEC.md 8: a failed current-user look-up counts as anonymous.
    log().error({ err: error }, "session unreadable");
    return null;
  }
}

export function isStaffUser(user: SessionUser | null): user is SessionUser {
  return !!user && (user.isStaff || user.isSuperuser);
}

export function loginRedirectFor(request: Request): string {
  const url = new URL(request.url);
  // Client navigations fetch /path.data?_routes=...: send the user back to the page itself.
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const path = url.pathname.replace(/\.data$/, "").replace(/\/_$/, "/") + url.search;
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}

/** Staff only: anyone else is sent to /login (and back here after signing in). */
export async function requireStaff(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!isStaffUser(user)) throw redirect(loginRedirectFor(request));
  return user;
}

/** A fresh session id at every sign-in (no fixation); answers the Set-Cookie header. */
export async function createUserSession(userId: number, request?: Request): Promise<string> {
  if (request) await destroySessionRow(request);
  const sessionId = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.session.create({
    data: { id: sessionRowId(sessionId), userId, createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_ABSOLUTE_MS) },
  });
  // Opportunistic clean-up of other expired sessions.
  await db.session.deleteMany({ where: { OR: [{ expiresAt: { lte: new Date(now) } }, { lastSeenAt: { lte: new Date(now - SESSION_IDLE_MS) } }] } });
  return sessionCookie().serialize(sessionId);
}

async function destroySessionRow(request: Request) {
  const id = await sessionRowIdFrom(request);
  if (id) await db.session.deleteMany({ where: { id } });
}

/** Deletes the session row; answers the Set-Cookie header that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  await destroySessionRow(request);
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

type ContextReader = { get<T>(context: RouterContext<T>): T };

/** The staff user the admin middleware checked (every /admin loader and action runs after it). */
export function staffFrom(context: ContextReader): SessionUser {
  const user = context.get(staffContext);
  if (!user) throw redirect("/login");
  return user;
}
