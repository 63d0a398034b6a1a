import { z } from 'zod';
import { BET_KINDS, BET_LABELS, BET_PLACES, type BetKind } from '@shared/estimates/bet-text';
import { api } from '../session';
import { Field, FormDialog } from '../ui';
import { numberList, type DeskView } from './desk-view';

const PLACE_LABELS = ['1. sıra', '2. sıra', '3. sıra'];

const formSchema = z.object({
  title: z.string().trim().min(5, 'Başlık en az 5 karakter olmalıdır.').max(200, 'Başlık en fazla 200 karakter olabilir.'),
  excerpt: z.string().trim().min(1, 'Özet gerekli.').max(500, 'Özet en fazla 500 karakter olabilir.'),
  content: z.string().trim().min(20, 'Yazı en az 20 karakter olmalıdır.'),
  visibility: z.enum(['public', 'premium']),
  shape: z.enum(['single', 'altili']),
  raceId: z.string(),
  kind: z.enum(BET_KINDS),
  places: z.array(z.string()),
  legs: z.array(z.string()),
});
type FormValues = z.infer<typeof formSchema>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The dialog's plain text as the article's paragraphs. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * One screen publishes a tip with its coupon (issue 49): the article's text and, below it, either a
 * single-race bet (race, pool, runners per place) or an altılı's six legs. The server publishes
 * both or neither, with the estimate tool's checks (lock, runners, VIP teaser, one coupon).
 */
export function PublishTipDialog({ meetings, now, onClose, onDone }: { meetings: DeskView['meetings']; now: string; onClose: () => void; onDone: () => void }) {
  const open = meetings.flatMap((m) => m.races.map((r) => ({ ...r, location: m.location }))).filter((r) => new Date(r.startsAt).getTime() > new Date(now).getTime());
  const first = open[0];
  // An altılı starts at a race with five more after it on the same card.
  const sixStarts = meetings.flatMap((m) => m.races.filter((r, i) => i + 5 < m.races.length && open.some((o) => o.id === r.id)).map((r) => ({ ...r, location: m.location, legs: m.races.slice(m.races.indexOf(r), m.races.indexOf(r) + 6) })));
  return (
    <FormDialog<FormValues, FormValues>
      label="Tahmin yayımla"
      wide
      schema={formSchema}
      defaultValues={{ title: '', excerpt: '', content: '', visibility: 'public', shape: 'single', raceId: first?.id ?? '', kind: 'ganyan', places: ['', '', ''], legs: ['', '', '', '', '', ''] }}
      send={(v) => {
        const base = { title: v.title, excerpt: v.excerpt, content: paragraphs(v.content), visibility: v.visibility };
        if (v.shape === 'single') {
          const places = v.places.slice(0, BET_PLACES[v.kind]).map(numberList);
          return api.call((r) => r.admin['race-desk'].tips.$post(), { body: { ...base, raceId: v.raceId, bet: { kind: v.kind, places } } });
        }
        const start = sixStarts.find((s) => s.id === v.raceId) ?? sixStarts[0];
        return api.call((r) => r.admin['race-desk'].tips.$post(), { body: { ...base, legs: (start?.legs ?? []).map((leg, i) => ({ raceId: leg.id, horses: numberList(v.legs[i] ?? '') })) } });
      }}
      success="Tahmin kuponuyla birlikte yayımlandı."
      onClose={onClose}
      onDone={onDone}
      submitLabel="Kuponuyla yayımla"
      busyLabel="Yayımlanıyor…"
    >
      {({ register, watch, formState }) => {
        const shape = watch('shape');
        const kind = watch('kind') as BetKind;
        const raceId = watch('raceId');
        const race = open.find((r) => r.id === raceId);
        const six = sixStarts.find((s) => s.id === raceId) ?? sixStarts[0];
        return (
          <>
            <Field label="Başlık" error={formState.errors.title?.message}>
              <input {...register('title')} />
            </Field>
            <Field label="Özet (VIP tahminde seçilen atları yazmayın)" error={formState.errors.excerpt?.message}>
              <input {...register('excerpt')} />
            </Field>
            <Field label="Yazı" error={formState.errors.content?.message}>
              <textarea rows={5} {...register('content')} />
            </Field>
            <div className="d-choice">
              <Field label="Kimler okur">
                <select {...register('visibility')}>
                  <option value="public">Herkese açık</option>
                  <option value="premium">VIP</option>
                </select>
              </Field>
              <Field label="Kupon">
                <select {...register('shape')}>
                  <option value="single">Tek koşu bahsi</option>
                  <option value="altili" disabled={sixStarts.length === 0}>
                    Altılı ganyan
                  </option>
                </select>
              </Field>
              <Field label={shape === 'single' ? 'Koşu' : 'Altılının ilk ayağı'}>
                <select {...register('raceId')}>
                  {(shape === 'single' ? open : sixStarts).map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.location} {r.number}. koşu · {r.time}
                    </option>
                  ))}
                </select>
              </Field>
              {shape === 'single' && (
                <Field label="Bahis türü">
                  <select {...register('kind')}>
                    {BET_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {BET_LABELS[k]}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
            </div>
            {shape === 'single' && race && (
              <>
                <p className="a-muted">Atlar: {race.entries.filter((e) => !race.nonRunners.includes(e.number)).map((e) => `${e.number} ${e.name}`).join(', ')}</p>
                <div className="d-choice">
                  {Array.from({ length: BET_PLACES[kind] }, (_, i) => (
                    <Field key={i} label={BET_PLACES[kind] === 1 ? 'Atlar (ör. 3-7)' : `${PLACE_LABELS[i]} için atlar`}>
                      <input {...register(`places.${i}`)} inputMode="numeric" />
                    </Field>
                  ))}
                </div>
              </>
            )}
            {shape === 'altili' && six && (
              <div className="d-choice">
                {six.legs.map((leg, i) => (
                  <Field key={leg.id} label={`${i + 1}. ayak (${leg.number}. koşu, ${leg.entries.length} at)`}>
                    <input {...register(`legs.${i}`)} inputMode="numeric" />
                  </Field>
                ))}
              </div>
            )}
          </>
        );
      }}
    </FormDialog>
  );
}
