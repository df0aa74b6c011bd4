// Texts of the compositions pages.
export default {
  title: "Composizioni",
  description: "Tutte le composizioni di Elena Marchetti: colonne sonore, musica da concerto, sound design e musiche di scena.",
  explore: "Esplora",
  exploreCategory: "Esplora {{category}}",
  categoryDescription: "{{category}}: le composizioni di Elena Marchetti.",
  empty: "Al momento non sono presenti composizioni.",
  tracks: "Tracce",
  externalLink: "Ascolta",
  newTab: "(si apre in una nuova scheda)",
  back: "Tutte le composizioni di {{category}}",
};
