import type it from "../../it/pages/bio";

export default {
  title: "Biography",
  description: "Elena Marchetti's biography: education, career and awards.",
} satisfies typeof it;
