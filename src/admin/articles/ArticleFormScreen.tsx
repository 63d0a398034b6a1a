import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { AUDIENCE_LABELS, AUDIENCES, CATEGORY_LABELS, STATUSES, VISIBILITIES } from '@shared/articles/article';
import {
  ARTICLE_AUDIO_EXTENSIONS,
  ARTICLE_MEDIA_LIMIT_BYTES,
  STATUS_LABELS,
  VISIBILITY_LABELS,
  WRITABLE_CATEGORIES,
  articleCreateSchema,
  youtubeId,
} from '@shared/articles/write-schema';
import { ApiError } from '../../lib/api-client';
import { api, uploadFile, type StaffUser } from '../session';
import { choices, FilePicker, SelectField, TextField } from '../ui';
import { RichTextEditor } from './RichTextEditor';
import { ScheduleField, SeoCard } from './ArticleFormParts';
import { ArticleNotices } from '../notifications/FanoutProgress';
import { TeaserLeakWarning, useTeaserLeak } from './TeaserLeakWarning';
import type { StaffArticle } from './types';
import type { StaffAuthorView } from '../../../functions/src/domain/authors/manage-authors';
import type { Wire } from '@shared/wire';

type FormIn = z.input<typeof articleCreateSchema>;
type FormOut = z.output<typeof articleCreateSchema>;

const DEFAULT_TAG_COLOR = '#3b82f6';
const MEDIA_TOO_LARGE = "Dosya boyutu 50MB'dan büyük olamaz";

/** The author picker needs only these of the author list (`StaffAuthorView`). */
type AuthorOption = Pick<Wire<StaffAuthorView>, 'id' | 'displayName'>;

function emptyValues(user: StaffUser): FormIn {
  return {
    title: '',
    subtitle: '',
    authorId: user.id,
    excerpt: '',
    content: '',
    category: 'estimation',
    status: 'draft',
    audience: 'everyone',
    visibility: 'public',
    allowComments: true,
    isPinned: false,
    isFeatured: false,
    tags: [],
    scheduledAt: null,
    seo: { metaTitle: '', metaDescription: '', keywords: [], canonicalUrl: '' },
  };
}

function valuesOf(a: StaffArticle): FormIn {
  return {
    title: a.title,
    subtitle: a.subtitle ?? '',
    authorId: a.authorId,
    excerpt: a.excerpt,
    content: a.content,
    category: a.category,
    status: a.status,
    audience: a.audience,
    visibility: a.visibility,
    allowComments: a.allowComments,
    isPinned: a.isPinned,
    isFeatured: a.isFeatured,
    tags: a.tags,
    scheduledAt: a.scheduledAt,
    seo: a.seo,
  };
}

function checkImage(file: File | null): string | null {
  if (!file) return null;
  if (!file.type.startsWith('image/')) return 'Lütfen bir görsel dosyası seçin';
  if (file.size > ARTICLE_MEDIA_LIMIT_BYTES) return MEDIA_TOO_LARGE;
  return null;
}
function checkAudio(file: File | null): string | null {
  if (!file) return null;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(ARTICLE_AUDIO_EXTENSIONS as readonly string[]).includes(ext)) return 'Ses dosyası MP3, WAV, M4A, AAC, OGG veya FLAC olmalıdır.';
  if (file.size > ARTICLE_MEDIA_LIMIT_BYTES) return MEDIA_TOO_LARGE;
  return null;
}

export function ArticleNewScreen({ user }: { user: StaffUser }) {
  return <ArticleForm user={user} article={null} />;
}

export function ArticleEditScreen({ user }: { user: StaffUser }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [article, setArticle] = useState<StaffArticle | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .call((r) => r.admin.articles[':id'].$get({ param: { id: encodeURIComponent(id) } }))
      .then((r) => setArticle(r.data))
      .catch((e: unknown) => setError(e instanceof ApiError && e.status === 404 ? 'Makale bulunamadı.' : (e as Error).message || 'Makale içeriği yüklenirken hata oluştu. Tekrar deneyin.'));
  }, [id]);
  if (error)
    return (
      <div className="a-page">
        <p className="a-alert a-alert-error">{error}</p>
        <Link to="/admin/articles">← Makalelere dön</Link>
      </div>
    );
  if (!article) return <div className="a-page a-muted">Makale yükleniyor…</div>;
  return <ArticleForm key={article.id} user={user} article={article} />;
}

function ArticleForm({ user, article }: { user: StaffUser; article: StaffArticle | null }) {
  const navigate = useNavigate();
  const isAdmin = user.role === 'admin';
  const [authors, setAuthors] = useState<AuthorOption[]>([{ id: user.id, displayName: user.displayName || user.name }]);
  const [image, setImage] = useState<File | null>(null);
  const [imageAlt, setImageAlt] = useState(article?.media.featuredImage?.alt ?? '');
  const [audio, setAudio] = useState<File | null>(null);
  const [youtube, setYoutube] = useState(article?.media.videos[0]?.url ?? '');
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [current, setCurrent] = useState<StaffArticle | null>(article);

  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(articleCreateSchema),
    defaultValues: article ? valuesOf(article) : emptyValues(user),
  });
  const { register, handleSubmit, control, formState, watch } = form;
  const status = watch('status');
  const [title, subtitle, excerpt, visibility] = watch(['title', 'subtitle', 'excerpt', 'visibility']);
  const teaserLeak = useTeaserLeak(article?.id ?? null, { title, subtitle, excerpt, visibility: visibility ?? 'public' });
  const tags = useFieldArray({ control, name: 'tags' });
  const [tagName, setTagName] = useState('');
  const [tagColor, setTagColor] = useState(DEFAULT_TAG_COLOR);

  useEffect(() => {
    if (!isAdmin) return;
    api
      .call((r) => r.admin.authors.$get())
      .then((r) => {
        const list = [{ id: user.id, displayName: `${user.displayName || user.name} (siz)` }, ...r.data.map((a) => ({ id: a.id, displayName: a.displayName }))];
        if (article && !list.some((a) => a.id === article.authorId)) list.push({ id: article.authorId, displayName: article.author.displayName });
        setAuthors(list);
      })
      .catch(() => toast.error('Yazarlar yüklenemedi'));
  }, [isAdmin, user, article]);

  const firstError = Object.values(formState.errors)[0];
  const nested = firstError && !('message' in firstError && firstError.message) ? Object.values(firstError as Record<string, { message?: string }>).find((e) => e?.message) : null;
  const firstMessage = firstError && 'message' in firstError && firstError.message ? (firstError.message as string) : (nested?.message ?? null);

  async function attachMedia(id: string): Promise<string[]> {
    const failures: string[] = [];
    if (image) {
      try {
        const uploadId = await uploadFile(image, 'image');
        await api.call((r) => r.media.articles[':id'].media.image.$post({ param: { id } }), { body: { uploadId, alt: imageAlt } });
      } catch (e) {
        failures.push(
          e instanceof ApiError && e.code === 'TIMEOUT'
            ? 'görsel sunucuda zamanında işlenemedi (bağlantınızda sorun yok; görseli tekrar seçip kaydedin)'
            : `görsel eklenemedi (${(e as Error).message}; görseli tekrar seçip kaydedin)`,
        );
      }
    }
    if (audio) {
      try {
        const uploadId = await uploadFile(audio, 'audio');
        await api.call((r) => r.media.articles[':id'].media.audio.$post({ param: { id } }), { body: { uploadId, title: audio.name.replace(/\.[^.]+$/, ''), artist: '' } });
      } catch (e) {
        failures.push(`ses dosyası yüklenemedi (${(e as Error).message})`);
      }
    }
    const existingVideo = current?.media.videos[0]?.url ?? '';
    if (youtube.trim() && youtube.trim() !== existingVideo) {
      try {
        await api.call((r) => r.media.articles[':id'].media.youtube.$post({ param: { id } }), { body: { url: youtube.trim(), title: form.getValues('title') } });
      } catch (e) {
        failures.push(`video eklenemedi (${(e as Error).message})`);
      }
    } else if (!youtube.trim() && existingVideo) {
      await api.call((r) => r.media.articles[':id'].media[':kind'].$delete({ param: { id, kind: 'youtube' } })).catch(() => failures.push('video kaldırılamadı'));
    }
    return failures;
  }

  async function removeMedia(kind: 'image' | 'audio') {
    if (!current) return;
    try {
      const r = await api.call((r) => r.media.articles[':id'].media[':kind'].$delete({ param: { id: current.id, kind } }));
      setCurrent(r.data);
      toast.success(r.message ?? 'Medya kaldırıldı.');
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    if (teaserLeak) {
      // The API would refuse it: say so before sending, where the teaser is edited.
      document.getElementById('teaser-leak')?.focus();
      toast.error(teaserLeak);
      return;
    }
    const problem = checkImage(image) ?? checkAudio(audio) ?? (youtube.trim() && !youtubeId(youtube) ? 'Geçerli bir YouTube bağlantısı girin.' : null);
    if (problem) {
      setMediaError(problem);
      return;
    }
    setMediaError(null);
    setSaving(true);
    try {
      const body = { ...values, subtitle: values.subtitle || null, scheduledAt: values.status === 'scheduled' ? (values.scheduledAt?.toISOString() ?? null) : null };
      if (!isAdmin) delete (body as Partial<FormOut>).isFeatured;
      const saved = article ? await api.call((r) => r.articles[':id'].$put({ param: { id: article.id } }), { body }) : await api.call((r) => r.articles.$post(), { body });
      const failures = await attachMedia(saved.data.id);
      if (failures.length > 0) {
        toast.error(`${article ? 'Makale güncellendi' : 'Makale oluşturuldu'} ancak ${failures.join(', ')}. Medyayı düzenleme ekranından tekrar ekleyebilirsiniz.`, { duration: 8000 });
        navigate(`/admin/articles/edit?id=${saved.data.id}`, { replace: true });
        return;
      }
      toast.success(saved.message ?? (article ? 'Makale güncellendi.' : 'Makale oluşturuldu.'));
      navigate('/admin/articles');
    } catch (e) {
      toast.error(e instanceof ApiError ? `Hata: ${e.message}` : article ? 'Makale güncellenemedi' : 'Makale oluşturulamadı');
    } finally {
      setSaving(false);
    }
  });

  function addTag() {
    const name = tagName.trim();
    if (!name) return;
    if (form.getValues('tags')?.some((t) => t.name.toLocaleLowerCase('tr-TR') === name.toLocaleLowerCase('tr-TR'))) return;
    tags.append({ name, color: tagColor });
    setTagName('');
  }

  const img = current?.media.featuredImage;
  const aud = current?.media.audio[0];

  return (
    <div className="a-page">
      <div className="a-page-head">
        <div>
          <h1 className="a-h1">{article ? 'Makaleyi Düzenle' : 'Yeni Makale'}</h1>
          {article && <p className="a-sub">Adres: /makale/{article.slug}</p>}
        </div>
        <Link className="a-btn a-btn-ghost" to="/admin/articles">
          ← Vazgeç
        </Link>
      </div>
      <form className="a-form-grid" onSubmit={onSubmit} noValidate>
        <div className="a-card a-form-main">
          {firstMessage && (
            <p className="a-alert a-alert-error" role="alert">
              {firstMessage}
            </p>
          )}
          <TextField label="Başlık *" field={register('title')} invalid={!!formState.errors.title} />
          <TextField label="Alt başlık" field={register('subtitle')} />
          <TextField label="Özet *" field={register('excerpt')} rows={3} invalid={!!formState.errors.excerpt} />
          <TeaserLeakWarning problem={teaserLeak} />
          <div className="a-field">
            <span>İçerik *</span>
            <Controller control={control} name="content" render={({ field, fieldState }) => <RichTextEditor value={field.value} onChange={field.onChange} invalid={!!fieldState.error} />} />
            {formState.errors.content && <small className="a-error">{formState.errors.content.message}</small>}
          </div>
          <div className="a-field">
            <span>Etiketler</span>
            <div className="a-tags">
              {tags.fields.map((t, i) => (
                <span key={t.id} className="a-tag" style={{ background: t.color }}>
                  {t.name}
                  <button type="button" aria-label={`${t.name} etiketini kaldır`} onClick={() => tags.remove(i)}>
                    ×
                  </button>
                </span>
              ))}
            </div>
            <div className="a-tag-add">
              <input
                placeholder="Etiket adı"
                value={tagName}
                onChange={(e) => setTagName(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addTag();
                  }
                }}
              />
              <input type="color" aria-label="Etiket rengi" value={tagColor} onChange={(e) => setTagColor(e.target.value)} />
              <button type="button" className="a-btn a-btn-ghost" onClick={addTag}>
                Ekle
              </button>
            </div>
          </div>
        </div>

        <div className="a-form-side">
          <div className="a-card">
            <h2 className="a-h2">Yayın</h2>
            {isAdmin ? (
              <SelectField label="Yazar *" field={register('authorId')} options={authors.map((a) => [a.id, a.displayName] as const)} />
            ) : (
              // Authors write only under their own name (spec 002 §5): shown, locked, still submitted.
              <label className="a-field">
                <span>Yazar *</span>
                <input value={article?.author.displayName ?? user.displayName ?? user.name} readOnly aria-readonly="true" title="Yazarlar yalnızca kendi adlarına yazabilir" />
                <input type="hidden" {...register('authorId')} />
              </label>
            )}
            <SelectField label="Kategori *" field={register('category')} options={choices(WRITABLE_CATEGORIES, CATEGORY_LABELS)} />
            <SelectField label="Durum *" field={register('status')} options={choices(STATUSES, STATUS_LABELS)} />
            {status === 'scheduled' && (
              <Controller control={control} name="scheduledAt" render={({ field, fieldState }) => <ScheduleField value={field.value ?? null} onChange={field.onChange} error={fieldState.error?.message} />} />
            )}
            <SelectField label="Hitap" field={register('audience')} options={choices(AUDIENCES, AUDIENCE_LABELS)} />
            <SelectField label="Görünürlük" field={register('visibility')} options={choices(VISIBILITIES, VISIBILITY_LABELS)} />
            <label className="a-check">
              <input type="checkbox" {...register('allowComments')} /> Yorumlara izin ver
            </label>
            <label className="a-check">
              <input type="checkbox" {...register('isPinned')} /> Sabitle
            </label>
            {isAdmin && (
              <label className="a-check">
                <input type="checkbox" {...register('isFeatured')} /> Öne çıkar
              </label>
            )}
          </div>

          <SeoCard control={control} register={register} slug={current?.slug ?? null} />
          {article && <ArticleNotices articleId={article.id} />}

          <div className="a-card">
            <h2 className="a-h2">Medya</h2>
            {mediaError && <p className="a-alert a-alert-error">{mediaError}</p>}
            {img && (
              <div className="a-media-current">
                <img src={img.url} alt={img.alt} />
                <button type="button" className="a-link a-danger" onClick={() => void removeMedia('image')}>
                  Görseli kaldır
                </button>
              </div>
            )}
            <FilePicker label="Öne çıkan görsel (en fazla 50MB)" accept="image/*" testId="image-input" file={image} onFile={setImage} />
            <label className="a-field">
              <span>Görsel açıklaması</span>
              <input value={imageAlt} onChange={(e) => setImageAlt(e.target.value)} />
            </label>
            {aud && (
              <div className="a-media-current">
                <audio controls src={aud.url} />
                <button type="button" className="a-link a-danger" onClick={() => void removeMedia('audio')}>
                  Sesi kaldır
                </button>
              </div>
            )}
            <FilePicker label="Ses dosyası (MP3, WAV, M4A, AAC, OGG, FLAC; en fazla 50MB)" accept=".mp3,.wav,.m4a,.aac,.ogg,.flac,audio/*" file={audio} onFile={setAudio} />
            <label className="a-field">
              <span>YouTube bağlantısı</span>
              <input type="url" placeholder="https://www.youtube.com/watch?v=…" value={youtube} onChange={(e) => setYoutube(e.target.value)} />
            </label>
          </div>
          <button type="submit" className="a-btn a-btn-primary a-btn-block" disabled={saving}>
            {saving ? 'Kaydediliyor…' : article ? 'Değişiklikleri Kaydet' : 'Makaleyi Oluştur'}
          </button>
        </div>
      </form>
    </div>
  );
}
