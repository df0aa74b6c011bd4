import { redirect } from "react-router";

/** Sign-out (built by the admin issue). */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
