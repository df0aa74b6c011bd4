// Types of core/proxy.mjs for the app (the edge) and the tests.
export function proxyMismatch(origin: URL, requestOrigin: URL, trustProxy: boolean): { setting: string; messages: { it: string; en: string } } | null;
