import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the Express edge (express.server.ts) knows about the request being served, for code that
 * runs inside it without a handle on it:
 * - work to do when the request has ended (its answer sent, or the client gone): the edge calls the
 *   callbacks once the response finishes or closes. React Router's request.signal cannot tell: it
 *   only aborts when the connection closes before the answer was sent;
 * - its request id, for the last-resort handlers of server.mjs (an uncaught exception is logged
 *   with the id of the request it happened in; AsyncLocalStorage carries it there);
 * - how to mark its answer degraded (`markDegraded`).
 */
type RequestScope = { requestId: string; callbacks: (() => void)[]; noStore?: () => void };

const store = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return store.run(scope, fn);
}

/** Registers `fn` for the end of the current request; false outside the Express edge (dev, tests). */
export function onRequestEnd(fn: () => void): boolean {
  const scope = store.getStore();
  if (!scope) return false;
  scope.callbacks.push(fn);
  return true;
}

/** The id of the request the current code runs for, when it runs for one. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

/**
 * The answer being made stands in for data that could not be read (search when the index fails,
 * a page without its categories): it is sent with `Cache-Control: no-store`, so neither the page
 * cache nor a browser or CDN keeps it, and the next request tries again. Call it before the answer
 * is sent (in a loader). False outside the Express edge (dev, tests).
 */
export function markDegraded(): boolean {
  const noStore = store.getStore()?.noStore;
  if (!noStore) return false;
  noStore();
  return true;
}
