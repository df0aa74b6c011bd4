// Texts of the home page.
export default {
  subtitle: "Compositrice Sound Designer",
  description: "Elena Marchetti, compositrice e sound designer: colonne sonore, musica da concerto, sound design e teatro.",
  heroLabel: "Immagini in evidenza",
  heroPause: "Metti in pausa le immagini",
  compositions: "Composizioni",
  filterLabel: "Filtra per categoria",
  carouselLabel: "Composizioni della categoria {{category}}",
  carouselPause: "Metti in pausa le composizioni",
  noItems: "Nessuna composizione in questa categoria.",
  bio: "Bio",
  follow: "Seguimi",
  followOn: "{{name}} (si apre in una nuova scheda)",
  discover: "Scopri",
  previous: "Precedente",
  next: "Successiva",
};
