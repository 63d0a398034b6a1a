import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { createEstimateSchema, ESTIMATE_MESSAGES } from '@shared/estimates/estimate';
import { ApiError } from '../../lib/api-client';
import { api, type StaffUser } from '../session';
import { formatIsoDay } from '@shared/text/dates';
import { buildExportPayload, type CardView, type PickerArticle, type RaceRange, type RaceView, type Selections } from './model';

const ARTICLE_PICKER_LIMIT = 50;
const ADD_FAILED = 'Tahmin eklenirken hata oluştu. Lütfen tekrar deneyin.';

/** The estimate's own title and description rules, and the article it goes on. */
const addSchema = createEstimateSchema.pick({ title: true, description: true }).extend({ articleId: z.string().min(1, ESTIMATE_MESSAGES.needArticle) });
type AddIn = z.input<typeof addSchema>;
type AddOut = z.output<typeof addSchema>;

/** Errors of 'add estimate to article' by status (spec 002 §8 'Adding an estimate'). */
function addErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return ADD_FAILED;
  if (error.status === 401) return 'Bu işlem için yetkiniz bulunmuyor.';
  if (error.status === 0) return error.message;
  if (error.status === 404) return error.message || 'Makale bulunamadı.';
  if ([400, 403, 409, 422].includes(error.status) && error.message) return error.message;
  return ADD_FAILED;
}

/** The published estimation articles the person may add to (an author's own). */
function useArticles() {
  const [articles, setArticles] = useState<PickerArticle[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const answer = await api.call((r) => r['race-estimate'].articles.$get(), { query: { category: 'estimation', status: 'published', limit: ARTICLE_PICKER_LIMIT } });
      setArticles(answer.data);
      setError(null);
    } catch (e) {
      setError((e as Error).message || 'Makaleler yüklenemedi');
      setArticles([]);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { articles, error, reload: load };
}

/** 'Tahmini Makaleye Ekle': the shown races and their picks become an estimate on an article. */
export function AddToArticle({ user, card, races, range, selections, onAdded }: { user: StaffUser; card: CardView; races: RaceView[]; range: RaceRange; selections: Selections; onAdded: () => void }) {
  const { articles, error: articlesError, reload } = useArticles();
  const { register, handleSubmit, reset, formState } = useForm<AddIn, unknown, AddOut>({ resolver: zodResolver(addSchema), defaultValues: { articleId: '', title: '', description: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const total = races.reduce((n, r) => n + (selections[r.id]?.length ?? 0), 0);
  // 'Pick a horse' is over once a horse is picked; it comes before the article's error, as in the spec.
  const shownError = (failure === ESTIMATE_MESSAGES.needHorse && total > 0 ? null : failure) ?? formState.errors.articleId?.message;

  const add = handleSubmit(async ({ articleId, title, description }) => {
    setFailure(null);
    try {
      const payload = buildExportPayload({ card, races, range, selections, title, description, now: new Date() });
      const answer = await api.call((r) => r.articles[':articleId']['race-estimates'].$post({ param: { articleId: encodeURIComponent(articleId) } }), { body: payload });
      toast.success(answer.message ?? ESTIMATE_MESSAGES.created);
      reset({ articleId, title: '', description: '' });
      onAdded();
    } catch (e) {
      const text = addErrorText(e);
      setFailure(text);
      toast.error(text);
    }
  });

  return (
    <form
      className="a-card r-add"
      aria-labelledby="r-add-title"
      noValidate
      onSubmit={(e) => {
        if (total > 0) {
          setFailure(null);
          return void add(e);
        }
        e.preventDefault();
        setFailure(ESTIMATE_MESSAGES.needHorse);
      }}
    >
      <h2 className="a-h2" id="r-add-title">
        Tahmini Makaleye Ekle
      </h2>
      {articlesError && (
        <p className="a-alert a-alert-error" role="alert">
          {articlesError}{' '}
          <button type="button" className="a-link" onClick={() => void reload()}>
            Tekrar Dene
          </button>
        </p>
      )}
      {articles && articles.length === 0 && !articlesError && (
        <p className="a-alert a-alert-info" role="alert">
          Tahmin eklenebilecek yayımlanmış bir tahmin makalesi bulunamadı.{' '}
          {user.role === 'admin' ? 'Önce "Tahmin" kategorisinde bir makale yayımlayın.' : 'Önce "Tahmin" kategorisinde kendi makalenizi yayımlayın.'}
        </p>
      )}
      <div className="a-row-2">
        <label className="a-field">
          <span>Makale</span>
          <select id="r-article-picker" {...register('articleId', { onChange: () => setFailure(null) })} disabled={!articles?.length} aria-invalid={!!formState.errors.articleId}>
            <option value="">Makale seçin…</option>
            {articles?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
                {a.hasRaceEstimate ? ' (tahmini var)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="a-field">
          <span>Tahmin başlığı (isteğe bağlı)</span>
          <input {...register('title')} maxLength={200} placeholder={`${card.location} ${formatIsoDay(card.date)} Yarış Tahmini`} />
        </label>
      </div>
      <label className="a-field">
        <span>Açıklama (isteğe bağlı)</span>
        <textarea rows={2} maxLength={5000} {...register('description')} />
      </label>
      {shownError && (
        <p className="a-alert a-alert-error" role="alert" data-testid="add-error">
          {shownError}
        </p>
      )}
      <div className="a-modal-actions">
        <button type="submit" className="a-btn a-btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Ekleniyor…' : 'Tahmini makaleye ekle'}
        </button>
      </div>
    </form>
  );
}
