/** Where a track's stream stands (app/server/domain/track-streams.server.ts makes it), in the admin's words. */
export type StreamStateName = "pending" | "processing" | "ready" | "failed";

export const STREAM_STATE_LABELS: Record<StreamStateName, string> = {
  pending: "In coda",
  processing: "In lavorazione",
  ready: "Pronta",
  failed: "Errore",
};

export function streamStateName(state: string): StreamStateName {
  return state in STREAM_STATE_LABELS ? (state as StreamStateName) : "pending";
}
