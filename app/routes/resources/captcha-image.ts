/** The captcha image (built by the contacts issue). */
export function loader() {
  return new Response("Not found", { status: 404 });
}
