// Texts of the news pages.
export default {
  title: "News",
  description: "Le ultime notizie di Elena Marchetti: concerti, uscite discografiche e premi.",
  empty: "Al momento non è presente nessuna news",
  readMore: "Leggi tutto",
  attachments: "Allegati",
  back: "Tutte le news",
  pagination: "Pagine delle news",
  pageTitle: "News – pagina {{page}}",
};
