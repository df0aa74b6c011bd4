import type { ReactNode } from "react";

/** The heading band at the top of an inner page. */
export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className="container">
        <h1 className="page-hero__title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
