import type it from "../../it/pages/art-direction";

export default {
  heading: "Artistic direction",
  labels: "Labels",
  opensNewTab: "(opens in a new tab)",
  producer: "Producer",
  artists: "Artists",
  discover: "Discover",
  empty: "There is currently no content for this label.",
  backToLabels: "All labels",
} satisfies typeof it;
