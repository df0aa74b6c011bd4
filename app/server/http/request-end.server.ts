import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Work to do when a request has ended (its answer sent, or the client gone): the Express edge
 * (express.server.ts) runs every request inside `runUntilRequestEnd` and calls the callbacks once
 * the response finishes or closes. React Router's request.signal cannot tell: it only aborts when
 * the connection closes before the answer was sent.
 */
const store = new AsyncLocalStorage<(() => void)[]>();

export function runUntilRequestEnd<T>(callbacks: (() => void)[], fn: () => T): T {
  return store.run(callbacks, fn);
}

/** Registers `fn` for the end of the current request; false outside the Express edge (dev, tests). */
export function onRequestEnd(fn: () => void): boolean {
  const callbacks = store.getStore();
  if (!callbacks) return false;
  callbacks.push(fn);
  return true;
}
