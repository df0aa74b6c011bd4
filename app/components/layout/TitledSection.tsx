import type { ReactNode } from "react";

/**
 * A page section named by its heading (`aria-labelledby`), the one shape of the titled sections
 * of the home and art direction pages. `inner` wraps the heading and the content in a block of
 * that class (the home sections' container); `centered` centres the heading.
 */
export function TitledSection({
  titleId,
  title,
  className,
  id,
  centered = false,
  inner,
  children,
}: {
  titleId: string;
  title: ReactNode;
  className: string;
  id?: string;
  centered?: boolean;
  inner?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={titleId} className={centered ? "section-title section-title--centered" : "section-title"}>
      {title}
    </h2>
  );
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      {inner ? (
        <div className={inner}>
          {heading}
          {children}
        </div>
      ) : (
        <>
          {heading}
          {children}
        </>
      )}
    </section>
  );
}
