import type { ReactNode } from 'react';
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { attachEstimateAudioSchema, attachEstimateVideoSchema, ESTIMATE_MESSAGES } from '@shared/estimates/estimate';
import { ApiError } from '../../lib/api-client';
import { api } from '../session';
import { FilePicker, Field, SchemaForm, useRowAction } from '../ui';
import { type EstimatePanelProps } from './estimate-errors';
import { AUDIO_ACCEPT, checkAudioFile, checkVideoUrl, MEDIA_MESSAGES, SUPPORTED_PLATFORMS, uploadEstimateAudio } from './media';
import type { StaffEstimate } from './model';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('tr-TR')} KB`;
const PLATFORM_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo', dailymotion: 'Dailymotion', other: 'Diğer bağlantı' } as const;
const nothing = () => undefined;

type MediaKind = 'audio' | 'video';
/** Each kind's heading, its remove button, the question before removing it and the toasts after. */
const MEDIA_TEXTS: Record<MediaKind, { title: string; removeLabel: string; question: string; removed: string; failed: string }> = {
  audio: { title: 'Ses kaydı', removeLabel: 'Sesi kaldır', question: 'Ses kaydı kaldırılsın mı?', removed: ESTIMATE_MESSAGES.audioRemoved, failed: MEDIA_MESSAGES.audioRemoveFailed },
  video: { title: 'Video', removeLabel: 'Videoyu kaldır', question: 'Video kaldırılsın mı?', removed: ESTIMATE_MESSAGES.videoRemoved, failed: MEDIA_MESSAGES.videoRemoveFailed },
};

/** The sound file is checked here (type, size) before the signed upload; the server checks its bytes again. */
const audioForm = attachEstimateAudioSchema.pick({ title: true }).extend({
  file: z.custom<File | null>().superRefine((file, ctx) => {
    const problem = checkAudioFile(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
/** The server's video schema with its link rule (YouTube, Vimeo, Dailymotion or any http(s) link). */
const videoForm = attachEstimateVideoSchema.extend({ url: attachEstimateVideoSchema.shape.url.refine((url) => !checkVideoUrl(url), MEDIA_MESSAGES.videoInvalid) });

/** The estimate's sound recording and video: add one, or take it off after a confirmation. */
export function EstimateMedia({ estimate, param, onChanged }: EstimatePanelProps) {
  const { busy, run } = useRowAction(nothing);
  const remove = (kind: MediaKind) => {
    const { question, removed, failed } = MEDIA_TEXTS[kind];
    if (!window.confirm(question)) return;
    void run(
      kind,
      async () => {
        const answer = await api.call((r) => r.articles[':articleId']['race-estimates'][':estimateId'][kind].$delete({ param }));
        onChanged(answer.data.raceEstimate);
        return answer.message ?? removed;
      },
      () => failed,
    );
  };
  const done = (answer: StaffEstimate) => onChanged(answer);

  return (
    <div className="r-media">
      <MediaSection
        kind="audio"
        current={
          estimate.audio && (
            <>
              <audio controls preload="none" src={estimate.audio.url} aria-label={`Ses: ${estimate.audio.title}`} />
              <p className="a-muted">
                {estimate.audio.title} · {sizeText(estimate.audio.size)}
              </p>
            </>
          )
        }
        onRemove={remove}
        busy={!!busy}
      >
        <SchemaForm
          schema={audioForm}
          defaultValues={{ file: null, title: '' }}
          send={async ({ file, title }) => done(await uploadEstimateAudio(param, file!, title ?? ''))}
          success={ESTIMATE_MESSAGES.audioAdded}
          failureAs="toast"
          onDone={nothing}
          submitLabel="Sesi yükle"
          busyLabel="Yükleniyor…"
        >
          {({ control, register, formState: { errors } }) => (
            <>
              <Controller control={control} name="file" render={({ field }) => <FilePicker label="Ses dosyası" accept={AUDIO_ACCEPT} file={field.value ?? null} onFile={field.onChange} />} />
              {errors.file?.message && <span className="a-error">{errors.file.message}</span>}
              <p className="a-muted">MP3, WAV, M4A, AAC, OGG veya FLAC; en fazla 50 MB.</p>
              <OptionalTitle label="Başlık (isteğe bağlı)" field={register('title')} error={errors.title?.message} />
            </>
          )}
        </SchemaForm>
      </MediaSection>
      <MediaSection
        kind="video"
        current={
          estimate.video && (
            <>
              <a href={estimate.video.url} target="_blank" rel="noopener noreferrer">
                ▶ {estimate.video.title || estimate.video.url}
              </a>
              <p className="a-muted">Platform: {PLATFORM_NAMES[estimate.video.platform]}</p>
            </>
          )
        }
        onRemove={remove}
        busy={!!busy}
      >
        <SchemaForm
          schema={videoForm}
          defaultValues={{ url: '', title: '' }}
          send={async (values) => {
            const answer = await api.call((r) => r.articles[':articleId']['race-estimates'][':estimateId'].video.$post({ param }), { body: { url: values.url, ...(values.title ? { title: values.title } : {}) } });
            done(answer.data.raceEstimate);
            return answer;
          }}
          success={ESTIMATE_MESSAGES.videoAdded}
          failureAs="toast"
          failure={(error) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? `${MEDIA_MESSAGES.videoAddFailed}: ${error.message}` : MEDIA_MESSAGES.videoAddError)}
          onDone={nothing}
          submitLabel="Video ekle"
        >
          {({ register, formState: { errors } }) => (
            <>
              <Field label="Video URL" error={errors.url?.message}>
                <input type="url" placeholder="https://www.youtube.com/watch?v=…" {...register('url')} aria-invalid={!!errors.url} />
              </Field>
              <p className="a-muted">{SUPPORTED_PLATFORMS}</p>
              <OptionalTitle label="Video başlığı (isteğe bağlı)" field={register('title')} error={errors.title?.message} />
            </>
          )}
        </SchemaForm>
      </MediaSection>
    </div>
  );
}

/** One kind of media: what is attached and a way to take it off, or the form that adds it. */
function MediaSection({ kind, current, onRemove, busy, children }: { kind: MediaKind; current: ReactNode; onRemove: (kind: MediaKind) => void; busy: boolean; children: ReactNode }) {
  const { title, removeLabel } = MEDIA_TEXTS[kind];
  return (
    <section className="a-fieldset">
      <h3 className="r-h3">{title}</h3>
      {current ? (
        <div className="r-media-current">
          {current}
          <button type="button" className="a-btn a-btn-ghost a-danger" onClick={() => onRemove(kind)} disabled={busy}>
            {removeLabel}
          </button>
        </div>
      ) : (
        children
      )}
    </section>
  );
}

function OptionalTitle({ label, field, error }: { label: string; field: UseFormRegisterReturn; error: string | undefined }) {
  return (
    <Field label={label} error={error}>
      <input maxLength={200} {...field} />
    </Field>
  );
}
