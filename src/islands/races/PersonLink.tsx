import { jockeyHref } from '@shared/jockeys/jockey-id';
import { trainerHref } from '@shared/trainers/trainer-id';

const KINDS = {
  jockey: { href: jockeyHref, className: 'jockey-link' },
  trainer: { href: trainerHref, className: 'trainer-link' },
} as const;

/** A jockey's or a trainer's name as a link to their page (programme, horse pages, results); a name with no page stays text. */
export default function PersonLink({ kind, name }: { kind: keyof typeof KINDS; name: string | null | undefined }) {
  const { href, className } = KINDS[kind];
  const to = href(name);
  if (!name) return <>—</>;
  return to ? (
    <a className={className} href={to}>
      {name}
    </a>
  ) : (
    <>{name}</>
  );
}
