import type it from "../../it/pages/compositions";

export default {
  title: "Compositions",
  description: "All of Elena Marchetti's compositions: film scores, concert music, sound design and incidental music.",
  explore: "Explore",
  exploreCategory: "Explore {{category}}",
  categoryDescription: "{{category}}: compositions by Elena Marchetti.",
  empty: "There are currently no compositions.",
  tracks: "Tracks",
  externalLink: "Listen",
  newTab: "(opens in a new tab)",
  back: "All {{category}} compositions",
} satisfies typeof it;
