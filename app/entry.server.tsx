import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { inertHydrationScripts } from "~/server/http/first-paint.server";
import { requestInfoContext } from "~/server/http/context.server";
import { asClientError } from "~/server/http/errors.server";
import { log } from "~/server/platform/log.server";
import { i18nFor, translationsOf } from "~/server/platform/i18n.server";
import { TranslationsProvider } from "~/lib/translation";

export { boot, shutdown } from "./boot.server";
export { pageCache } from "~/server/http/page-cache.server";
// What server.mjs needs from the request edge (app/server/http/).
export { createEdge } from "~/server/http/express.server";
export { log } from "~/server/platform/log.server";
export { currentRequestId } from "~/server/platform/request-scope.server";
export { serverSettings, getEnv } from "~/server/platform/env.server";
// Health, readiness and metrics, answered by server.mjs before the page cache and React Router.
export { healthz, readyz } from "~/server/http/health.server";
export { metrics } from "~/server/http/metrics.server";
export { releaseInfo } from "../core/release.mjs";
// scripts/create-user.mjs (npm run user:create) runs from the build, so the image needs no tsx.
export { upsertStaffUser } from "~/server/domain/users.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  routerContext: RouterContextProvider,
) {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS visitors get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || entryContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { nonce } = routerContext.get(requestInfoContext);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationsProvider value={translationsOf(i18nFor(routerContext, request))}>
          <ServerRouter context={entryContext} url={request.url} nonce={nonce} />
        </TranslationsProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // The hydration scripts start loading after the first paint and the page load (app/lib/after-first-paint.ts).
          const body = inertHydrationScripts();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logServerError(error, request, routerContext);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

function logServerError(error: unknown, request: Request, context: RouterContextProvider | undefined) {
  if (request.signal.aborted) return;
  // A thrown 4xx (403 forged, 404 missing row...) is the client's, not a server error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (asClientError(error)) return;
  // The logger adds the id of the request being served; the router's context has it too, when the
  // error happened outside the Express edge's scope.
  let reqId: string | undefined;
  try {
    reqId = context?.get(requestInfoContext).requestId;
  } catch {
    reqId = undefined;
  }
  log().error({ ...(reqId ? { reqId } : {}), err: error, method: request.method, path: new URL(request.url).pathname }, "request failed");
}

/** Every error React Router catches in a loader, action or render lands here (once). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  logServerError(error, request, context as RouterContextProvider | undefined);
};
