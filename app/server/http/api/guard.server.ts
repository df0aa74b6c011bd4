import { getOptionalUser, isStaffUser, type SessionUser } from "../../domain/session.server";
import { CROSS_SITE_MESSAGE, CSRF_FAILED_MESSAGE, csrfFailure } from "./csrf.server";
import { ApiError } from "./http.server";

/** The staff user of an api/ request: 401 without a session, 403 for a signed-in non-staff user. */
export async function requireStaffApi(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw new ApiError(401, "Autenticazione richiesta: effettua il login.");
  if (!isStaffUser(user)) throw new ApiError(403, "Accesso riservato allo staff.");
  return user;
}

/** Is a staff member signed in? Their reads also see drafts and scheduled items, with their publication (issue 24). */
export async function isStaffRequest(request: Request): Promise<boolean> {
  return isStaffUser(await getOptionalUser(request));
}

/** Every unsafe api/ call: same-site and carrying the csrftoken cookie back in X-CSRFToken (403). */
export function requireCsrf(request: Request) {
  const failure = csrfFailure(request);
  if (failure === "cross-site") throw new ApiError(403, CROSS_SITE_MESSAGE);
  if (failure === "token") throw new ApiError(403, CSRF_FAILED_MESSAGE);
}

/** A staff write: cross-site check, session, then the token. */
export async function requireStaffWrite(request: Request): Promise<SessionUser> {
  const failure = csrfFailure(request);
  if (failure === "cross-site") throw new ApiError(403, CROSS_SITE_MESSAGE);
  const user = await requireStaffApi(request);
  requireCsrf(request);
  return user;
}
