import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { CONTACT_MESSAGES, CONTACT_TYPES, CONTACT_TYPE_LABELS, contactMessageInputSchema } from '@shared/membership/contact-message';
import { ApiError } from '../../lib/api-client';
import { getSession } from '../../lib/session';
import { Field } from './fields';
import './member.css';
import { choices, Options } from '../../lib/options';

type Values = z.input<typeof contactMessageInputSchema>;
const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '', type: 'general' };

/** `?konu=` values links use (the footer's 'Reklam' sends konu=reklam) and the message type each picks. */
const TOPIC_TYPES: Record<string, Values['type']> = { reklam: 'business', 'is-teklifi': 'business', destek: 'support', teknik: 'technical', sikayet: 'complaint', oneri: 'suggestion', genel: 'general' };

/** /iletisim form (spec 001 §2, §5, §8): cleared on success. */
export default function ContactForm() {
  const [banner, setBanner] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { register, handleSubmit, formState, watch, reset, setValue, getFieldState } = useForm<Values, unknown, z.output<typeof contactMessageInputSchema>>({
    resolver: zodResolver(contactMessageInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  // Read after hydration (the static HTML cannot know the query); a choice made already wins.
  useEffect(() => {
    const topic = TOPIC_TYPES[new URLSearchParams(window.location.search).get('konu') ?? ''];
    if (topic && !getFieldState('type').isDirty) setValue('type', topic);
  }, [setValue, getFieldState]);
  const [name, email, message] = watch(['name', 'email', 'message']);
  const filled = !!name?.trim() && !!email?.trim() && !!message?.trim();

  async function onSubmit(values: z.output<typeof contactMessageInputSchema>) {
    setBanner(null);
    try {
      await getSession().api.call((r) => r.contact.$post(), { body: { ...values, phone: values.phone ? values.phone : undefined } });
      reset(EMPTY);
      setBanner({ kind: 'success', text: CONTACT_MESSAGES.sent });
      toast.success(CONTACT_MESSAGES.sent);
    } catch (error) {
      const text = error instanceof ApiError && (error.status === 429 || error.status === 400) ? error.message : CONTACT_MESSAGES.failed;
      setBanner({ kind: 'error', text });
      toast.error(text);
    }
  }

  function onInvalid() {
    const first = Object.values(errors)[0]?.message;
    toast.error(typeof first === 'string' ? first : CONTACT_MESSAGES.required);
  }

  return (
    <div className="m-wrap m-wrap-wide">
      <div className="m-card">
        <h1 className="m-title">İletişim</h1>
        <p className="m-sub">Sorularınız, önerileriniz ve iş teklifleriniz için bize yazın. Destek ekibimiz genellikle 24 saat içinde yanıt verir.</p>
        {banner && (
          <div className={`m-banner m-banner-${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'}>
            {banner.text}
          </div>
        )}
        <form className="m-form" noValidate onSubmit={handleSubmit(onSubmit, onInvalid)}>
          <div className="m-row m-row-2">
            <Field id="name" label="Ad Soyad *" error={errors.name?.message}>
              <input id="name" className="m-input" autoComplete="name" aria-invalid={!!errors.name} {...register('name')} />
            </Field>
            <Field id="email" label="E-posta *" error={errors.email?.message}>
              <input id="email" className="m-input" type="email" autoComplete="email" aria-invalid={!!errors.email} {...register('email')} />
            </Field>
          </div>
          <div className="m-row m-row-2">
            <Field id="phone" label="Telefon (isteğe bağlı)" error={errors.phone?.message}>
              <input id="phone" className="m-input" type="tel" autoComplete="tel" {...register('phone')} />
            </Field>
            <Field id="type" label="Mesaj türü" error={errors.type?.message}>
              <select id="type" {...register('type')}>
                <Options of={choices(CONTACT_TYPES, CONTACT_TYPE_LABELS)} />
              </select>
            </Field>
          </div>
          <Field id="subject" label="Konu *" error={errors.subject?.message}>
            <input id="subject" className="m-input" aria-invalid={!!errors.subject} {...register('subject')} />
          </Field>
          <Field id="message" label="Mesajınız *" error={errors.message?.message}>
            <textarea id="message" aria-invalid={!!errors.message} {...register('message')} />
          </Field>
          <button className="btn m-submit" type="submit" disabled={!filled || isSubmitting}>
            {isSubmitting ? 'Gönderiliyor...' : 'Mesajı Gönder'}
          </button>
        </form>
      </div>
    </div>
  );
}
