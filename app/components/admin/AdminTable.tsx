import type { ReactNode } from "react";

/** A table of the admin area: its column headers, then the rows its caller draws. */
export function AdminTable({ headers, className, children }: { headers: readonly string[]; className?: string; children: ReactNode }) {
  return (
    <table className={["admin-table", className].filter(Boolean).join(" ")}>
      <thead>
        <tr>
          {headers.map((header) => (
            <th scope="col" key={header}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
