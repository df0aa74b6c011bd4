import { useSubmit } from "react-router";
import { DeleteIcon } from "./Icons";

/**
 * Without JavaScript: a link to the item's /delete page, which asks for confirmation.
 * With JavaScript: the browser dialog, then the same post that page makes.
 */
export function DeleteLink({ href, label, question }: { href: string; label: string; question: string }) {
  const submit = useSubmit();
  return (
    <a
      href={href}
      className="icon-button icon-button--danger"
      aria-label={label}
      title={label}
      onClick={(event) => {
        event.preventDefault();
        if (window.confirm(question)) {
          submit({ intent: "delete" }, { method: "post", action: href });
        }
      }}
    >
      <DeleteIcon />
    </a>
  );
}
