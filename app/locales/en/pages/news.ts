import type it from "../../it/pages/news";

export default {
  title: "News",
  description: "The latest news from Elena Marchetti: concerts, releases and awards.",
  empty: "There are currently no news available.",
  readMore: "Read more",
  attachments: "Attachments",
  back: "All news",
  pagination: "News pages",
  pageTitle: "News – page {{page}}",
} satisfies typeof it;
