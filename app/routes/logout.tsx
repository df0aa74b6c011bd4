import { Form, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { PageHero } from "~/components/layout/PageHero";
import { signOut } from "~/server/domain/auth.server";
import { readPageForm } from "~/server/http/forms.server";
import { getLang } from "~/server/platform/i18n.server";
import { getOptionalUser } from "~/server/domain/session.server";

/** Without JavaScript the Logout link lands here: a confirmation page with a POST form. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw redirect("/");
  return null;
}

/**
 * Signs out (auth.server.ts signOut). Forgery: the Express edge refuses a post from another site
 * (docs/decisions/009-one-forgery-policy.md), the same check as every other form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await readPageForm(request, getLang(context));
  return redirect("/", { headers: { "Set-Cookie": await signOut(request) } });
}

export default function LogoutPage() {
  return (
    <>
      <PageHero title="Logout" />
      <section className="container login">
        <Form method="post" className="login__form" reloadDocument>
          <p>Sei sicuro di voler uscire?</p>
          <div className="form-actions">
            <button className="button button--primary" type="submit" name="confirmed" value="1">
              Esci
            </button>
            <a className="button button--ghost" href="/admin/">
              Annulla
            </a>
          </div>
        </Form>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Logout | Elena Marchetti" }, { name: "robots", content: "noindex" }];
