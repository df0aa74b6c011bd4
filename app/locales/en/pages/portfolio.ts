import type it from "../../it/pages/portfolio";

export default {
  heading: "Portfolio",
} satisfies typeof it;
