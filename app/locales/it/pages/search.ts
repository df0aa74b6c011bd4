// Texts of the search page.
export default {
  heading: "Cerca",
  description: "Cerca tra le composizioni, le notizie e la direzione artistica di Elena Marchetti.",
  label: "Cerca nel sito",
  placeholder: "Cerca composizioni, news, direzione artistica...",
  submit: "Cerca",
  results_one: "{{count}} risultato per «{{query}}»",
  results_other: "{{count}} risultati per «{{query}}»",
  noResults: "Nessun risultato per «{{query}}».",
  loadError: "Si è verificato un errore durante il recupero dei dati.",
  types: { compositions: "Composizioni", news: "News", artDirection: "Direzione artistica" },
  pagination: "Pagine dei risultati",
};
