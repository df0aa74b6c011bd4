// Texts of the audio player.
export default {
  label: "Lettore audio",
  listen: "Ascolta",
  play: "Riproduci",
  previous: "Traccia precedente",
  next: "Traccia successiva",
  close: "Chiudi il lettore",
  nowPlaying: "In riproduzione",
  shortcuts: "Tasti: spazio riproduci/pausa · ←/→ 5 s · ↑/↓ volume · L ripeti · M muto",
};
