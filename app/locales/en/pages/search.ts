import type it from "../../it/pages/search";

export default {
  heading: "Search",
  description: "Search Elena Marchetti's compositions, news, concerts, biography, art direction, credits, gallery and portfolio.",
  label: "Search the site",
  placeholder: "Search compositions, news, artistic direction...",
  submit: "Search",
  results_one: "{{count}} result for “{{query}}”",
  results_other: "{{count}} results for “{{query}}”",
  noResults: "No results for “{{query}}”.",
  loadError: "An error occurred while retrieving the data.",
  types: {
    compositions: "Compositions",
    news: "News",
    events: "Concerts",
    artDirection: "Artistic direction",
    bio: "Biography",
    labels: "Labels",
    credits: "Credits",
    gallery: "Gallery",
    portfolio: "Portfolio",
  },
  pagination: "Result pages",
} satisfies typeof it;
