import type it from "../it/public2";

export default {} satisfies typeof it;
