import common from "./common";
import pages from "./pages";

/** The Italian texts alone: the browser loads only the language it shows. */
export default { common, pages };
