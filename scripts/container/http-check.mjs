// HTTP steps of scripts/container-check.sh, run on the host against the container:
//   node http-check.mjs sign-in URL USER PASSWORD   -> prints the staff session cookie
//   node http-check.mjs admin URL COOKIE            -> exit 0 when the cookie opens /admin/
//   node http-check.mjs refused URL USER PASSWORD   -> exit 0 when the sign-in is refused
// Cookies are carried by hand: the server marks them Secure (production), which a client on
// plain http would drop; this check is about the server, not the browser.
import { URLSearchParams } from "node:url";

const [step, url, a, b] = process.argv.slice(2);

/** @param {Response} res */
const cookiesOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="));

async function signIn(username, password) {
  const page = await fetch(`${url}/login`);
  const html = await page.text();
  // An anti-forgery field, where the page still has one (the origin policy needs none).
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!page.ok || !html.includes('name="password"')) throw new Error(`/login: ${page.status}, no sign-in form`);
  const res = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesOf(page).join("; ") },
    body: new URLSearchParams({ ...(token ? { csrf: token } : {}), username, password, redirectTo: "/admin/" }),
  });
  const session = cookiesOf(res).find((c) => c.startsWith("staff_session="));
  return { status: res.status, location: res.headers.get("location"), session };
}

if (step === "sign-in") {
  const result = await signIn(a, b);
  if (result.status !== 302 || !result.session) throw new Error(`sign-in: ${JSON.stringify(result)}`);
  console.log(result.session);
} else if (step === "refused") {
  const result = await signIn(a, b);
  if (result.session) throw new Error(`sign-in of ${a} should fail: ${JSON.stringify(result)}`);
  console.log(`refused with ${result.status}`);
} else if (step === "admin") {
  const res = await fetch(`${url}/admin/`, { redirect: "manual", headers: { Cookie: a } });
  if (res.status !== 200) throw new Error(`/admin/ with the session: ${res.status} ${res.headers.get("location") ?? ""}`);
  console.log("admin 200");
} else {
  console.error("usage: http-check.mjs sign-in|refused|admin URL ...");
  process.exit(2);
}
