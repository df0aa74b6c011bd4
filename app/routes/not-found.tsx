import { data } from "react-router";

/** Any unknown public path: a real 404, rendered by the root error page in the visitor's language. */
export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
