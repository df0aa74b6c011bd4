import { useSubmit } from "react-router";
import { useAuthenticityToken } from "remix-utils/csrf/react";

/** The anti-forgery token when the page has one (admin pages); the public footer has none. */
function useOptionalToken(): string | null {
  try {
    return useAuthenticityToken();
  } catch {
    return null;
  }
}

/**
 * Without JavaScript: a link to /logout, which asks for confirmation on its own page.
 * With JavaScript: the browser dialog, then the same post the confirmation page makes.
 */
export function LogoutButton({ label, className = "button button--ghost" }: { label: string; className?: string }) {
  const submit = useSubmit();
  const csrf = useOptionalToken();
  return (
    <a
      href="/logout"
      className={className}
      onClick={(event) => {
        event.preventDefault();
        if (window.confirm("Sei sicuro di voler uscire?")) {
          submit(csrf ? { confirmed: "1", csrf } : { confirmed: "1" }, { method: "post", action: "/logout", navigate: true });
        }
      }}
    >
      {label}
    </a>
  );
}
