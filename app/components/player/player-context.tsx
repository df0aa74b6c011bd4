import type { ReactNode } from "react";

/**
 * The site-wide audio player lives in the root layout so it survives client-side navigation.
 * Placeholder until the player issue fills it in.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

export function AudioPlayer() {
  return null;
}
