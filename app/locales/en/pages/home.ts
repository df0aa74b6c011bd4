import type it from "../../it/pages/home";

export default {
  subtitle: "Composer Sound Designer",
  description: "Elena Marchetti, composer and sound designer: film scores, concert music, sound design and theatre.",
  heroLabel: "Featured images",
  heroPause: "Pause slideshow",
  compositions: "Compositions",
  filterLabel: "Filter by category",
  carouselLabel: "Compositions in {{category}}",
  carouselPause: "Pause compositions",
  noItems: "No compositions in this category.",
  bio: "Bio",
  follow: "Follow",
  followOn: "{{name}} (opens in a new tab)",
  discover: "Discover",
  previous: "Previous",
  next: "Next",
} satisfies typeof it;
