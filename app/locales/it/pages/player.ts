// Texts of the audio player. `{seektime}`, `{currentTime}` and `{duration}` (single braces) are
// filled in by plyr, not by i18next.
export default {
  label: "Lettore audio",
  listen: "Ascolta",
  play: "Riproduci",
  pause: "Pausa",
  rewind: "Indietro di {seektime} s",
  fastForward: "Avanti di {seektime} s",
  currentTime: "Tempo trascorso",
  duration: "Durata",
  volume: "Volume",
  mute: "Disattiva l'audio",
  unmute: "Riattiva l'audio",
  loop: "Ripeti",
  previous: "Traccia precedente",
  next: "Traccia successiva",
  close: "Chiudi il lettore",
  nowPlaying: "In riproduzione",
  shortcuts: "Tasti: spazio riproduci/pausa · ←/→ 5 s · ↑/↓ volume · L ripeti · M muto",
  /** The waveform slider: its name, and its value ("1:23 di 4:05"). */
  position: "Posizione nella traccia",
  positionOf: "{{current}} di {{duration}}",
  share: "Condividi",
  shareCopied: "Link copiato",
  shareFailed: "Copia non riuscita: {{link}}",
  evenLoudness: "Volume uniforme",
  sharedTrack: "Traccia condivisa, da {{time}}",
};
