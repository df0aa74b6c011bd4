import type it from "../../it/pages/player";

export default {
  label: "Audio player",
  listen: "Listen",
  play: "Play",
  previous: "Previous track",
  next: "Next track",
  close: "Close the player",
  nowPlaying: "Now playing",
  shortcuts: "Keys: space play/pause · ←/→ 5 s · ↑/↓ volume · L loop · M mute",
} satisfies typeof it;
