import en from "./en/press";
import it from "./it/press";

/** The press kit's texts by language (issue 38): read by its routes on the server only, not in the texts the browser loads. */
export const PRESS_TEXTS = { it, en };
