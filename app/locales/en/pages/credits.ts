import type it from "../../it/pages/credits";

export default {
  heading: "Credits",
} satisfies typeof it;
