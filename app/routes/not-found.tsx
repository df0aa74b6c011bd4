import { data } from "react-router";

/** Any unknown public path: a real 404, rendered by the public pages' error page (routes/public-pages.tsx) in the visitor's language. */
export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
