import { useState } from 'react';
import { Controller, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { SEO_LIMITS } from '@shared/articles/article';
import type { articleCreateSchema } from '@shared/articles/write-schema';
import { TurkishDateInput } from '../../islands/TurkishDateInput';
import { istanbulIso, istanbulParts, parseClock } from '@shared/text/dates';

type FormIn = z.input<typeof articleCreateSchema>;
type FormOut = z.output<typeof articleCreateSchema>;

/**
 * The publish time of a scheduled article, typed as Istanbul wall time in the Turkish way
 * (24.11.2026 and 14:30) whatever the browser's language. The form holds the ISO instant; an
 * unfinished time is passed on as typed so the schema's message explains it.
 */
export function ScheduleField({ value, onChange, error }: { value: string | null; onChange: (iso: string | null) => void; error?: string }) {
  const initial = value ? istanbulParts(value) : { day: '', clock: '' };
  const [day, setDay] = useState(initial.day);
  const [clock, setClock] = useState(initial.clock);
  const update = (nextDay: string, nextClock: string) => {
    const parsedClock = parseClock(nextClock);
    if (!nextDay && !nextClock) onChange(null);
    else onChange(nextDay && parsedClock ? istanbulIso(nextDay, parsedClock) : `${nextDay} ${nextClock}`);
  };
  return (
    <fieldset className="a-field a-schedule">
      <legend>Yayın zamanı (İstanbul saati) *</legend>
      <div className="a-schedule-row">
        <label>
          <span className="a-sr-only">Yayın tarihi</span>
          <TurkishDateInput
            value={day}
            aria-label="Yayın tarihi"
            data-testid="schedule-date"
            onChange={(next) => {
              setDay(next);
              update(next, clock);
            }}
          />
        </label>
        <label>
          <span className="a-sr-only">Yayın saati</span>
          <input
            type="text"
            inputMode="numeric"
            placeholder="SS:DD"
            aria-label="Yayın saati"
            data-testid="schedule-time"
            value={clock}
            onChange={(e) => {
              setClock(e.target.value);
              update(day, e.target.value);
            }}
          />
        </label>
      </div>
      {error ? <small className="a-error">{error}</small> : <small className="a-muted">Makale bu zamanda kendiliğinden yayınlanır.</small>}
    </fieldset>
  );
}

function Counter({ length, ideal }: { length: number; ideal: number }) {
  const over = length > ideal;
  return (
    <small className={over ? 'a-error' : 'a-muted'}>
      {length} / {ideal} karakter{over ? ' — arama sonuçlarında kesilir' : ''}
    </small>
  );
}

/**
 * The article's search-engine fields (spec 000 §3.1 seo) with a live preview of the result as a
 * search engine lists it. Empty fields fall back to what the static page derives itself.
 */
export function SeoCard({ control, register, slug }: { control: Control<FormIn, unknown, FormOut>; register: UseFormRegister<FormIn>; slug: string | null }) {
  const [title, excerpt, metaTitle, metaDescription, canonicalUrl] = useWatch({ control, name: ['title', 'excerpt', 'seo.metaTitle', 'seo.metaDescription', 'seo.canonicalUrl'] });
  const shownTitle = metaTitle?.trim() || `${title?.trim() || 'Makale başlığı'} | Ganyan`;
  const shownDescription = metaDescription?.trim() || excerpt?.trim() || 'Özet burada görünür.';
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const shownUrl = canonicalUrl?.trim() || `${origin}/makale/${slug ?? 'makale-adresi'}`;
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
  return (
    <div className="a-card">
      <h2 className="a-h2">Arama motoru (SEO)</h2>
      <label className="a-field">
        <span>Meta başlık</span>
        <input {...register('seo.metaTitle')} placeholder="Boş bırakılırsa makale başlığı kullanılır" />
        <Counter length={metaTitle?.length ?? 0} ideal={SEO_LIMITS.metaTitle} />
      </label>
      <label className="a-field">
        <span>Meta açıklama</span>
        <textarea rows={3} {...register('seo.metaDescription')} placeholder="Boş bırakılırsa özet kullanılır" />
        <Counter length={metaDescription?.length ?? 0} ideal={SEO_LIMITS.metaDescription} />
      </label>
      <Controller
        control={control}
        name="seo.keywords"
        render={({ field }) => <KeywordsInput value={field.value ?? []} onChange={field.onChange} />}
      />
      <label className="a-field">
        <span>Kanonik adres</span>
        <input type="url" {...register('seo.canonicalUrl')} placeholder="Boş bırakılırsa makalenin kendi adresi" />
      </label>
      <div className="a-serp" aria-label="Arama sonucu önizlemesi" data-testid="seo-preview">
        <div className="a-serp-url">{cut(shownUrl, 80)}</div>
        <div className="a-serp-title">{cut(shownTitle, SEO_LIMITS.metaTitle)}</div>
        <div className="a-serp-desc">{cut(shownDescription, SEO_LIMITS.metaDescription)}</div>
      </div>
    </div>
  );
}

/** Keywords typed as one comma-separated line; the array is what the API stores. */
function KeywordsInput({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const [text, setText] = useState(value.join(', '));
  return (
    <label className="a-field">
      <span>Anahtar kelimeler</span>
      <input
        value={text}
        placeholder="Virgülle ayırın: altılı, veliefendi"
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split(',')
              .map((k) => k.trim())
              .filter(Boolean),
          );
        }}
      />
      <small className="a-muted">
        {value.length} / {SEO_LIMITS.keywords} anahtar kelime
      </small>
    </label>
  );
}
