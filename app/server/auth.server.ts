import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { logActivity } from "./activity.server";
import { db } from "./db.server";
import { verifyPassword } from "./password.server";
import { clientAddress, hit } from "./rate-limit.server";
import { destroyUserSession, getOptionalUser, type SessionUser } from "./session.server";

export const LOGIN_FAILED_MESSAGE = "Username o password errati";
export const LOGIN_THROTTLED_MESSAGE = "Troppi tentativi di accesso. Riprova tra qualche minuto.";

/** Failed sign-ins allowed per window, per username and per client address. */
export const LOGIN_LIMITS = { perUsername: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };

export class LoginError extends Error {
  constructor(
    message: string,
    public status: 400 | 429,
  ) {
    super(message);
    this.name = "LoginError";
  }
}

/** Peeks at a fixed-window counter of rate-limit.server.ts without counting a hit. */
async function currentCount(key: string): Promise<number> {
  const row = await db.rateLimit.findUnique({ where: { key }, select: { count: true, resetAt: true } });
  if (!row || row.resetAt.getTime() <= Date.now()) return 0;
  return row.count;
}

/**
 * Checks credentials (already trimmed) with throttling; answers the user or throws LoginError.
 * Shared by the /login form and the api/login/ endpoint. Writes the sign-in activity row.
 */
export async function verifyLogin(username: string, password: string, address: string): Promise<SessionUser> {
  const userKey = `login:user:${username.toLowerCase()}`;
  const addressKey = `login:ip:${address}`;
  if (
    (await currentCount(userKey)) >= LOGIN_LIMITS.perUsername ||
    (await currentCount(addressKey)) >= LOGIN_LIMITS.perAddress
  ) {
    throw new LoginError(LOGIN_THROTTLED_MESSAGE, 429);
  }
  const user = username
    ? await db.user.findUnique({
        where: { username },
        select: { id: true, username: true, isStaff: true, isSuperuser: true, passwordHash: true },
      })
    : null;
  const ok = user && password ? await verifyPassword(password, user.passwordHash) : false;
  if (!user || !ok) {
    // Only failures count, so staff who sign in correctly never lock themselves out.
    await hit(userKey, LOGIN_LIMITS.perUsername, LOGIN_LIMITS.windowMs);
    await hit(addressKey, LOGIN_LIMITS.perAddress, LOGIN_LIMITS.windowMs);
    console.warn(`Accesso non riuscito per "${username.slice(0, 60)}" da ${address}`);
    throw new LoginError(LOGIN_FAILED_MESSAGE, 400);
  }
  await db.$transaction(async (tx) => {
    await tx.rateLimit.deleteMany({ where: { key: userKey } });
    await logActivity(tx, user, `Accesso effettuato da "${user.username}"`);
  });
  return { id: user.id, username: user.username, isStaff: user.isStaff, isSuperuser: user.isSuperuser };
}

/**
 * Signs out: deletes the session row (a replayed cookie then finds nothing) and logs the
 * sign-out. Shared by /logout and api/logout/; answers the Set-Cookie header that clears the cookie.
 */
export async function signOut(request: Request): Promise<string> {
  const user = await getOptionalUser(request);
  const setCookie = await destroyUserSession(request);
  if (user) {
    await db.$transaction(async (tx) => {
      await logActivity(tx, user, `Uscita effettuata da "${user.username}"`);
    });
  }
  return setCookie;
}

export function readCredentials(form: FormData): { username: string; password: string } {
  const username = form.get("username");
  const password = form.get("password");
  return {
    username: typeof username === "string" ? username.trim() : "",
    password: typeof password === "string" ? password.trim() : "",
  };
}

export const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const { username, password } = readCredentials(form);
    return verifyLogin(username, password, clientAddress(request));
  }),
  "form",
);
