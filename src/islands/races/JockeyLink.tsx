import { jockeyHref } from '@shared/jockeys/jockey-id';

/** A jockey's name as a link to the jockey page (programme, horse pages, results). */
export default function JockeyLink({ name }: { name: string | null | undefined }) {
  const href = jockeyHref(name);
  if (!name) return <>—</>;
  return href ? (
    <a className="jockey-link" href={href}>
      {name}
    </a>
  ) : (
    <>{name}</>
  );
}
