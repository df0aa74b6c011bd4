import { createContext } from "react-router";

/**
 * What the Express edge knows about a request, handed to React Router through getLoadContext.
 * `userId` is filled in by the app when a staff session is recognised, for the access log.
 * The default (no Express edge: `react-router dev`) has no nonce and a made-up id.
 */
export type RequestInfo = { requestId: string; nonce: string; userId: number | null };

export const requestInfoContext = createContext<RequestInfo>({ requestId: "dev", nonce: "", userId: null });
