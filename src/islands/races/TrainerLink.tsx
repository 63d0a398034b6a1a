import { trainerHref } from '@shared/trainers/trainer-id';

/** A trainer's name as a link to the trainer page (programme, horse pages). */
export default function TrainerLink({ name }: { name: string | null | undefined }) {
  const href = trainerHref(name);
  if (!name) return <>—</>;
  return href ? (
    <a className="trainer-link" href={href}>
      {name}
    </a>
  ) : (
    <>{name}</>
  );
}
