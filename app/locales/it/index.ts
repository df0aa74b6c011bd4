import common from "./common";
import public1 from "./public1";
import public2 from "./public2";

/** The Italian texts alone: the browser loads only the language it shows. */
export default { common, public1, public2 };
