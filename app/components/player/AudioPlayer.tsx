import { lazy, Suspense, useState } from "react";
import { usePlayer } from "./player-context";

// The panel and plyr (plyr touches `document` when imported, and with its CSS it is the heaviest
// part of the page) are loaded in the browser only, when the visitor first asks to listen; the
// video modal when a video is first opened. A first visit loads neither (issue 33).
const loadPlayerPanel = () => import("./PlayerPanel");
const PlayerPanel = lazy(loadPlayerPanel);
const VideoModal = lazy(() => import("~/components/video/VideoModal").then((module) => ({ default: module.VideoModal })));

/** The fixed panel (once the visitor first asks to listen: it then stays, hidden when closed) and the video modal. */
export function AudioPlayer() {
  const { player, video, closeVideo } = usePlayer();
  const [everOpened, setEverOpened] = useState(false);
  if (player.open && !everOpened) setEverOpened(true);
  return (
    <>
      {everOpened ? (
        <Suspense fallback={null}>
          <PlayerPanel />
        </Suspense>
      ) : null}
      {video ? (
        <Suspense fallback={null}>
          <VideoModal video={video} onClose={closeVideo} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Starts fetching the player when a visitor shows intent to listen (hover, focus), before the click. */
export function preloadPlayer() {
  void loadPlayerPanel().catch(() => undefined);
}
