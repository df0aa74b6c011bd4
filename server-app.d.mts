// Types of server-app.mjs for the TypeScript that imports it (tests/support/in-process.ts).
import type { Server } from "node:http";
import type { Express } from "express";
import type { ServerBuild } from "react-router";
import type * as entryModule from "./app/entry.server";
import type { createEdge } from "./app/server/http/express.server";

/** A loaded build (build/server/index.js): its entry module is app/entry.server.tsx. */
export type LoadedBuild = ServerBuild & { entry: { module: typeof entryModule } };

export type AssembledApp = { app: Express; edge: ReturnType<typeof createEdge> };

export function createApp(build: LoadedBuild): AssembledApp;

export function createHttpServer(build: LoadedBuild, assembled: AssembledApp): Server;
