// Texts of the search page.
export default {
  heading: "Cerca",
  description:
    "Cerca tra le composizioni, le notizie, i concerti, la biografia, la direzione artistica, i crediti, la galleria e il portfolio di Elena Marchetti.",
  label: "Cerca nel sito",
  placeholder: "Cerca composizioni, news, direzione artistica...",
  submit: "Cerca",
  results_one: "{{count}} risultato per «{{query}}»",
  results_other: "{{count}} risultati per «{{query}}»",
  noResults: "Nessun risultato per «{{query}}».",
  loadError: "Si è verificato un errore durante il recupero dei dati.",
  types: {
    compositions: "Composizioni",
    news: "News",
    events: "Concerti",
    artDirection: "Direzione artistica",
    bio: "Biografia",
    labels: "Etichette",
    credits: "Crediti",
    gallery: "Galleria",
    portfolio: "Portfolio",
  },
  pagination: "Pagine dei risultati",
};
