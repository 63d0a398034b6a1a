import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { CONTACT_ADMIN_MESSAGES, CONTACT_PRIORITY_LABELS, CONTACT_STATUS_LABELS, contactRespondSchema } from '@shared/contact-admin/contact-admin-schema';
import { CONTACT_PRIORITIES, CONTACT_STATUSES, CONTACT_TYPE_LABELS, CONTACT_TYPES } from '@shared/membership/contact-message';
import { formatTurkishPhone } from '@shared/text/phone';
import type { ContactView } from '../../../functions/src/domain/contact-admin/manage-contacts';
import type { Wire } from '@shared/wire';
import { api, type StaffUser } from '../session';
import { actionsColumn, choices, DataTable, Detail, Dialog, Field, FilterBar, fmtDateTime, LoadError, Pager, rangeText, refreshBadges, RowButton, SearchFilter, SelectFilter, useListQuery, type Column } from '../ui';
import '../ui/screens.css';

const PAGE_SIZE = 10;

type Status = (typeof CONTACT_STATUSES)[number];
type Priority = (typeof CONTACT_PRIORITIES)[number];
type ContactType = (typeof CONTACT_TYPES)[number];

type Contact = Wire<ContactView>;

const M = CONTACT_ADMIN_MESSAGES;

function Pill({ kind, value, label }: { kind: string; value: string; label: string }) {
  return <span className={`a-status o-status-${value}`} data-kind={kind}>{label}</span>;
}

const STATUS_CHOICES = choices(CONTACT_STATUSES, CONTACT_STATUS_LABELS);
const TYPE_CHOICES = choices(CONTACT_TYPES, CONTACT_TYPE_LABELS);
const PRIORITY_CHOICES = choices(CONTACT_PRIORITIES, CONTACT_PRIORITY_LABELS);

/** Contact messages (spec 002 §2 'Contact messages'). */
export function MessagesScreen({ user }: { user: StaffUser }) {
  const list = useListQuery(
    async (page, filters: { status: Status | ''; type: ContactType | ''; priority: Priority | ''; search: string }) => {
      const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
      for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
      const [contacts, stats] = await Promise.all([api.call((r) => r.contact.admin.$get(), { query: q }), api.call((r) => r.contact.admin.stats.$get())]);
      return { contacts: contacts.data, stats: stats.data };
    },
    { filters: { status: '', type: '', priority: '', search: '' }, errorText: M.loadFailed },
  );
  const [input, setInput] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const data = list.data?.contacts ?? null;
  const stats = list.data?.stats ?? null;

  async function remove(c: Contact) {
    if (!window.confirm(`"${c.subject}" mesajı kalıcı olarak silinsin mi?`)) return;
    try {
      await api.call((r) => r.contact.admin[':id'].$delete({ param: { id: c.id } }));
      toast.success(M.deleted);
      setOpenId(null);
      refreshBadges();
      await list.reload();
    } catch {
      toast.error(M.deleteFailed);
    }
  }


  const columns: Column<Contact>[] = [
    {
      header: 'Gönderen',
      cell: (c) => (
        <>
          <span className="o-cell-main">{c.name}</span>
          <span className="o-sub">{c.email}</span>
          {c.phone && <span className="o-sub">{formatTurkishPhone(c.phone)}</span>}
        </>
      ),
    },
    { header: 'Konu', className: 'a-title-cell', cell: (c) => <div className="o-clip">{c.subject}</div> },
    { header: 'Tür', cell: (c) => CONTACT_TYPE_LABELS[c.type] },
    { header: 'Öncelik', cell: (c) => <Pill kind="priority" value={c.priority} label={CONTACT_PRIORITY_LABELS[c.priority]} /> },
    { header: 'Durum', cell: (c) => <Pill kind="status" value={c.status} label={CONTACT_STATUS_LABELS[c.status]} /> },
    { header: 'Tarih', className: 'a-nowrap', cell: (c) => fmtDateTime(c.createdAt) },
    actionsColumn<Contact>((c) => (
      <>
        <RowButton onClick={() => setOpenId(c.id)}>Görüntüle</RowButton>
        <RowButton tone="danger" onClick={() => void remove(c)}>Sil</RowButton>
      </>
    )),
  ];

  return (
    <div className="a-page">
      <div className="a-page-head">
        <div>
          <h1 className="a-h1">İletişim Mesajları</h1>
          <p className="a-sub">İletişim formundan gelen mesajlar</p>
        </div>
        <div className="o-head-counts">
          <span className="a-status o-status-new" data-testid="messages-new">
            {stats ? stats.byStatus.new : '…'} yeni
          </span>
          <span className="a-status" data-testid="messages-total">
            {stats ? stats.total : '…'} toplam
          </span>
        </div>
      </div>
      <FilterBar onSearch={() => list.search('search', input.trim())}>
        <SelectFilter label="Durum" value={list.filters.status} all="Tümü" options={STATUS_CHOICES} onChange={(v) => list.setFilter('status', v)} />
        <SelectFilter label="Tür" value={list.filters.type} all="Tümü" options={TYPE_CHOICES} onChange={(v) => list.setFilter('type', v)} />
        <SelectFilter label="Öncelik" value={list.filters.priority} all="Tümü" options={PRIORITY_CHOICES} onChange={(v) => list.setFilter('priority', v)} />
        <SearchFilter label="Ara" placeholder="Ad, e-posta veya konu…" value={input} onChange={setInput} />
      </FilterBar>
      <DataTable
        columns={columns}
        rows={data?.contacts}
        error={list.error}
        onRetry={() => void list.reload()}
        rowKey={(c) => c.id}
        rowProps={(c) => ({ 'data-testid': 'message-row', className: c.status === 'new' ? 'o-row-tint' : undefined })}
        empty="Mesaj bulunamadı"
      />
      {data && <Pager page={data.page} totalPages={data.totalPages} onPage={list.setPage} max={5} range={rangeText(data.page, PAGE_SIZE, data.total)} />}
      {openId && (
        <MessageDialog
          id={openId}
          me={user}
          onClose={() => setOpenId(null)}
          onChanged={() => {
            refreshBadges();
            void list.reload();
          }}
          onDelete={(c) => void remove(c)}
        />
      )}
    </div>
  );
}

type RespondIn = z.input<typeof contactRespondSchema>;
type RespondOut = z.output<typeof contactRespondSchema>;

/** Opening the detail reads GET /contact/admin/{id}, which moves a new message to in progress. */
function MessageDialog({ id, me, onClose, onChanged, onDelete }: { id: string; me: StaffUser; onClose: () => void; onChanged: () => void; onDelete: (c: Contact) => void }) {
  const [contact, setContact] = useState<Contact | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const [replyOpen, setReplyOpen] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<RespondIn, unknown, RespondOut>({ resolver: zodResolver(contactRespondSchema), defaultValues: { responseMessage: '' } });

  const open = useCallback(async () => {
    setError(null);
    try {
      const r = await api.call((r) => r.contact.admin[':id'].$get({ param: { id } }));
      setContact(r.data);
      setNotes(r.data.adminNotes ?? '');
      onChanged();
    } catch (e) {
      setError((e as Error).message || M.loadFailed);
    }
    // onChanged only refreshes the list behind; reopening must not loop on it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(() => {
    void open();
  }, [open]);

  async function update(body: Record<string, unknown>, success: string) {
    setSaving(true);
    try {
      const r = await api.call((r) => r.contact.admin[':id'].$put({ param: { id } }), { body });
      setContact(r.data);
      toast.success(success);
      onChanged();
    } catch {
      toast.error(M.updateFailed);
    } finally {
      setSaving(false);
    }
  }

  async function assign() {
    setSaving(true);
    try {
      const r = await api.call((r) => r.contact.admin[':id'].assign.$post({ param: { id } }));
      setContact(r.data);
      toast.success(r.message ?? M.assigned);
      onChanged();
    } catch (e) {
      toast.error((e as Error).message || M.updateFailed);
    } finally {
      setSaving(false);
    }
  }

  const respond = handleSubmit(async (values) => {
    try {
      const r = await api.call((r) => r.contact.admin[':id'].respond.$post({ param: { id } }), { body: values });
      setContact(r.data);
      reset({ responseMessage: '' });
      setReplyOpen(false);
      if (r.message === M.respondedMailFailed) toast.error(r.message);
      else toast.success(r.message ?? M.responded);
      onChanged();
    } catch (e) {
      toast.error((e as Error).message || 'Yanıt gönderilemedi');
    }
  });

  return (
    <Dialog label="Mesaj Detayı" wide onClose={onClose}>
      {error && <LoadError message={error} onRetry={() => void open()} />}
      {!contact && !error && <p className="a-muted">Yükleniyor…</p>}
      {contact && (
        <>
          <dl className="o-details">
            <Detail label="Gönderen">{contact.name}</Detail>
            <Detail label="E-posta">
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </Detail>
            <Detail label="Telefon">{formatTurkishPhone(contact.phone)}</Detail>
            <Detail label="Tarih">{fmtDateTime(contact.createdAt)}</Detail>
            <Detail label="Tür">{CONTACT_TYPE_LABELS[contact.type]}</Detail>
            <Detail label="Durum">
              <span data-testid="message-status">
                <Pill kind="status" value={contact.status} label={CONTACT_STATUS_LABELS[contact.status]} />
              </span>
            </Detail>
            <Detail label="Atanan">{contact.assignedTo ? (contact.assignedTo === me.id ? 'Siz' : contact.assignedTo) : 'Atanmamış'}</Detail>
            <Detail label="Konu">{contact.subject}</Detail>
          </dl>
          <div className="a-field">
            <span>Mesaj</span>
            <p className="o-quote">{contact.message}</p>
          </div>
          {contact.responseMessage && (
            <div className="a-field" data-testid="message-reply">
              <span>Yanıtınız · {fmtDateTime(contact.respondedAt)}</span>
              <p className="o-quote o-reply">{contact.responseMessage}</p>
            </div>
          )}
          <div className="a-row-2">
            <SelectFilter label="Durum" value={contact.status} disabled={saving} options={STATUS_CHOICES} onChange={(v) => void update({ status: v }, 'Durum güncellendi')} />
            <SelectFilter label="Öncelik" value={contact.priority} disabled={saving} options={PRIORITY_CHOICES} onChange={(v) => void update({ priority: v }, 'Öncelik güncellendi')} />
          </div>
          <label className="a-field">
            <span>Admin notları</span>
            <textarea rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </label>
          <div className="a-modal-actions" style={{ justifyContent: 'space-between' }}>
            <button type="button" className="a-btn a-btn-ghost" disabled={saving || contact.assignedTo === me.id} onClick={() => void assign()}>
              {contact.assignedTo === me.id ? 'Size atandı' : 'Bana ata'}
            </button>
            <button type="button" className="a-btn a-btn-ghost" disabled={saving || notes.trim() === (contact.adminNotes ?? '')} onClick={() => void update({ adminNotes: notes.trim() || null }, 'Notlar kaydedildi')}>
              Notları kaydet
            </button>
          </div>
          {contact.status !== 'closed' && contact.responseMessage && !replyOpen && (
            <div className="a-modal-actions o-respond">
              <button type="button" className="a-btn a-btn-ghost a-danger" onClick={() => onDelete(contact)}>
                Sil
              </button>
              <button type="button" className="a-btn a-btn-primary" onClick={() => setReplyOpen(true)}>
                Yeni yanıt yaz
              </button>
            </div>
          )}
          {contact.status !== 'closed' && (!contact.responseMessage || replyOpen) && (
            <form className="a-form o-respond" onSubmit={respond} noValidate>
              <Field label={<>{contact.responseMessage ? 'Yeni yanıt' : 'Yanıt'} (gönderene e-posta ile iletilir)</>} error={formState.errors.responseMessage?.message}>
                <textarea rows={5} {...register('responseMessage')} aria-invalid={!!formState.errors.responseMessage} />
              </Field>
              <div className="a-modal-actions">
                <button type="button" className="a-btn a-btn-ghost a-danger" onClick={() => onDelete(contact)}>
                  Sil
                </button>
                <button type="submit" className="a-btn a-btn-primary" disabled={formState.isSubmitting}>
                  {formState.isSubmitting ? 'Gönderiliyor…' : 'Yanıtı Gönder'}
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </Dialog>
  );
}
