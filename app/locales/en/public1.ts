import type it from "../it/public1";

export default {} satisfies typeof it;
