import { useSubmit } from "react-router";

/**
 * Without JavaScript: a link to /logout, which asks for confirmation on its own page.
 * With JavaScript: the browser dialog, then the same post the confirmation page makes.
 */
export function LogoutButton({ label, className = "button button--ghost" }: { label: string; className?: string }) {
  const submit = useSubmit();
  return (
    <a
      href="/logout"
      className={className}
      onClick={(event) => {
        event.preventDefault();
        if (window.confirm("Sei sicuro di voler uscire?")) {
          submit({ confirmed: "1" }, { method: "post", action: "/logout", navigate: true });
        }
      }}
    >
      {label}
    </a>
  );
}
