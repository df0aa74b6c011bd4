/**
 * Staff sessions. The admin issue replaces this stub with database sessions (remix-auth);
 * the layout only needs to know who, if anyone, is signed in.
 */
export type SessionUser = { id: number; username: string; isStaff: boolean; isSuperuser: boolean };

export async function getOptionalUser(_request: Request): Promise<SessionUser | null> {
  return null;
}
