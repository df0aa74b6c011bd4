// Texts of the art direction pages.
export default {
  heading: "Direzione artistica",
  labels: "Etichette",
  opensNewTab: "(si apre in una nuova scheda)",
  producer: "Produzione",
  artists: "Artisti",
  discover: "Scopri",
  empty: "Al momento non sono presenti contenuti per questa etichetta.",
  backToLabels: "Tutte le etichette",
};
