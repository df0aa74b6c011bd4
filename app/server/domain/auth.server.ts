import { logActivity } from "./activity.server";
import { db } from "../storage/db.server";
import { log } from "../platform/log.server";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../platform/password.server";
import { hit, releaseHit, resetRateLimit } from "./rate-limit.server";
import { destroyUserSession, getOptionalUser, type SessionUser } from "./session.server";

const LOGIN_FAILED_MESSAGE = "Username o password errati";

/**
 * Said when a sign-in is refused for too many failures. Behind a proxy the server does not trust,
 * every visitor has the proxy's address, so anyone's wrong guesses lock out the staff: the page
 * says what the administrator must change.
 */
function throttledMessage(retryAfterMs: number, viaUntrustedProxy: boolean): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const wait = `Troppi tentativi da questo indirizzo. Riprova tra ${minutes} ${minutes === 1 ? "minuto" : "minuti"}.`;
  if (!viaUntrustedProxy) return wait;
  return (
    `${wait} Il sito riceve le richieste attraverso un proxy ma TRUST_PROXY non è impostato: tutti risultano ` +
    "dall'indirizzo del proxy, e i tentativi sbagliati di chiunque bloccano l'accesso a tutti. L'amministratore " +
    "deve impostare TRUST_PROXY=1 (vedi docs/operations.md, «Behind a reverse proxy»)."
  );
}

/**
 * Sign-in throttling after OWASP's authentication cheat sheet. Failures are counted per
 * (username, address) and per address; either limit answers 429 to that address only. The
 * username-wide count only slows attempts down: it never refuses the right password, so nobody
 * can lock the owner out by failing on purpose from elsewhere.
 */
export const LOGIN_LIMITS = {
  perUsernameAndAddress: 10,
  perAddress: 30,
  /** Failures of one username (from any address) after which every attempt waits `slowdownMs`. */
  slowdownAfter: 10,
  slowdownMs: 1000,
  windowMs: 15 * 60 * 1000,
};

export class LoginError extends Error {
  constructor(
    message: string,
    public status: 400 | 429,
    /** With a 429: when to try again (Retry-After). */
    public retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "LoginError";
  }
}

function throttleKeys(username: string, address: string) {
  // Bounded: a key is stored, and the username comes straight from the request.
  const name = username.toLowerCase().slice(0, 150);
  return { pair: `login:pair:${address}:${name}`, address: `login:ip:${address}`, username: `login:user:${name}` };
}

/**
 * Checks credentials (as readCredentials gives them) with throttling; answers the user or throws LoginError.
 * Shared by the /login form and the api/login/ endpoint. Writes the sign-in activity row.
 * `viaUntrustedProxy`: the request came through a proxy the server does not trust (see throttledMessage).
 *
 * Every attempt is counted before the password is checked (one atomic increment per counter), so
 * a parallel burst is counted in full; a success then takes its own attempt back. A success never
 * clears the failures of other addresses.
 */
export async function verifyLogin(username: string, password: string, address: string, viaUntrustedProxy = false): Promise<SessionUser> {
  const keys = throttleKeys(username, address);
  const { windowMs } = LOGIN_LIMITS;
  const pair = await hit(keys.pair, LOGIN_LIMITS.perUsernameAndAddress, windowMs);
  const fromAddress = await hit(keys.address, LOGIN_LIMITS.perAddress, windowMs);
  if (!pair.allowed || !fromAddress.allowed) {
    const until = Math.max(...[pair, fromAddress].filter((limit) => !limit.allowed).map((limit) => limit.resetAt.getTime()));
    const retryAfterMs = until - Date.now();
    throw new LoginError(throttledMessage(retryAfterMs, viaUntrustedProxy), 429, Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }
  const forUsername = await hit(keys.username, LOGIN_LIMITS.slowdownAfter, windowMs);
  if (!forUsername.allowed) await new Promise((resolve) => setTimeout(resolve, LOGIN_LIMITS.slowdownMs));

  const user = username
    ? await db.user.findUnique({
        where: { username },
        select: { id: true, username: true, isStaff: true, isSuperuser: true, passwordHash: true },
      })
    : null;
  // Unknown usernames are checked against a dummy hash: the same scrypt work either way.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !ok) {
    // The submitted name is logged only when it names a user: a password typed into the username
    // field must not reach the log.
    if (user) log().warn({ userId: user.id, username: user.username, ip: address }, "sign-in failed: wrong password");
    else log().warn({ ip: address }, "sign-in failed: no such user");
    throw new LoginError(LOGIN_FAILED_MESSAGE, 400);
  }
  // Only failures count: staff who sign in correctly never use up their own allowance.
  await resetRateLimit(keys.pair);
  await releaseHit(keys.address);
  await releaseHit(keys.username);
  await db.$transaction(async (tx) => {
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

/**
 * The credentials of a sign-in, from the /login form or api/login/ (form fields or JSON). The
 * username is trimmed (a stray space typed around a name does not make it another user); the
 * password is taken byte for byte, as every place that sets one hashes it: a space is part of it.
 * Anything but a string counts as empty, which signs nobody in.
 */
export function readCredentials(username: unknown, password: unknown): { username: string; password: string } {
  return {
    username: typeof username === "string" ? username.trim() : "",
    password: typeof password === "string" ? password : "",
  };
}
