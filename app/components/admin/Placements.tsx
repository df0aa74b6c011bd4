/** Where a content item shows on the site (issue 35; app/server/views/content-placement.server.ts), each place a link. */
export function Placements({ places }: { places: readonly { label: string; href: string }[] }) {
  if (places.length === 0) return <>Non appare sul sito</>;
  return (
    <ul className="placements">
      {places.map((place) => (
        <li key={place.label}>
          <a href={place.href}>{place.label}</a>
        </li>
      ))}
    </ul>
  );
}
