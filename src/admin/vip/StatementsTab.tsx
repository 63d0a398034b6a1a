import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { StatementView as StatementMatchView } from '../../../functions/src/domain/membership/bank-transfer/statement-match';
import type { LineStatus, StatementLine } from '@shared/membership/bank-transfer/statement-types';
import type { Wire } from '@shared/wire';
import { formatIsoDay } from '@shared/text/dates';
import { formatAmountTL } from '@shared/text/money';
import { api } from '../session';
import { DataTable, fmtDateTime, type Column } from '../ui';
import './vip-payments.css';

type StatementView = Wire<StatementMatchView>;

const STATUS_TEXT: Record<LineStatus, string> = {
  matched: 'Eşleşti',
  approved: 'Onaylandı',
  'wrong-amount': 'Tutar farklı',
  'no-code': 'Kod yok',
  'unknown-code': 'Bilinmeyen kod',
  'several-codes': 'Birden fazla kod',
  duplicate: 'Tekrar eden kod',
  'already-used': 'Daha önce kullanıldı',
  'not-open': 'Talep açık değil',
  outgoing: 'Giden işlem',
  error: 'Okunamadı',
};

const MAX_BYTES = 2 * 1024 * 1024;
const shortDate = (iso: string | null) => (iso ? formatIsoDay(iso) : '—');

/** The file's bytes as base64: a Windows-1254 export must reach the server undecoded. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('Dosya okunamadı.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Statement matching (issue 18): staff upload the bank's CSV export, see per line what it paid
 * (or why not), and approve every matched line in one action. Accepted columns: docs/bank-statements.md.
 */
export function StatementsTab() {
  const [statement, setStatement] = useState<StatementView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'approve' | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    setError(null);
    if (file.size > MAX_BYTES) return setError("Ekstre dosyası 2 MB'dan büyük olamaz.");
    setBusy('upload');
    try {
      const answer = await api.call((r) => r.users.admin['vip-statements'].$post(), { body: { fileName: file.name, contentBase64: await readBase64(file) } });
      setStatement(answer.data);
      toast.success(answer.message ?? 'Ekstre okundu.');
    } catch (e) {
      setStatement(null);
      setError(e instanceof Error ? e.message : 'Ekstre okunamadı.');
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  }

  async function approveAll() {
    if (!statement) return;
    setBusy('approve');
    try {
      const answer = await api.call((r) => r.users.admin['vip-statements'][':id'].approve.$post({ param: { id: encodeURIComponent(statement.id) } }));
      setStatement(answer.data.statement);
      toast.success(answer.message ?? `${answer.data.approved} talep onaylandı.`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Onaylanamadı.');
    } finally {
      setBusy(null);
    }
  }

  const columns: Column<StatementLine>[] = [
    { header: 'Satır', cell: (l) => l.lineNo },
    { header: 'Tarih', className: 'a-nowrap', cell: (l) => shortDate(l.date) },
    { header: 'Açıklama', className: 'vp-desc', cell: (l) => l.description || '—' },
    { header: 'Tutar', className: 'a-nowrap', cell: (l) => (l.amountKurus === null ? '—' : formatAmountTL(l.amountKurus / 100)) },
    {
      header: 'Sonuç',
      cell: (l) => (
        <div>
          <span className={`vp-chip vp-chip-${l.status} vp-line-status`}>{STATUS_TEXT[l.status]}</span>
          <div className="a-muted">
            {l.member ? `${l.member} · ` : ''}
            {l.message}
          </div>
        </div>
      ),
    },
  ];
  const matched = statement?.counts.matched ?? 0;

  return (
    <div className="a-page">
      <div className="a-card">
        <h2 className="a-h2">Banka Ekstresi ile Eşleştir</h2>
        <p className="a-muted">
          İnternet şubesinden indirdiğiniz hesap hareketlerini CSV olarak yükleyin. Açıklamasında referans kodu (GNY-XXXX) geçen ve tutarı talebin beklenen tutarına eşit
          olan satırlar eşleşir. Tarih, açıklama ve tutar sütunları gerekir; Türkçe tutarlar (1.250,00) ve Windows-1254 dosyalar okunur.
        </p>
        <div className="vp-upload">
          <label className="a-btn a-btn-primary">
            {busy === 'upload' ? 'Okunuyor…' : 'CSV ekstre seç'}
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv,text/plain"
              hidden
              disabled={busy !== null}
              data-testid="statement-input"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) void upload(file);
              }}
            />
          </label>
          {statement && (
            <span className="a-muted">
              {statement.fileName} · {statement.encoding} · {fmtDateTime(statement.uploadedAt)}
            </span>
          )}
        </div>
        {error && (
          <p className="a-error" role="alert" data-testid="statement-error">
            {error}
          </p>
        )}
      </div>
      {statement && (
        <>
          <div className="a-card vp-actions">
            <div className="vp-summary" data-testid="statement-summary">
              {(Object.keys(STATUS_TEXT) as LineStatus[])
                .filter((s) => statement.counts[s] > 0)
                .map((s) => (
                  <span key={s} className={`vp-chip vp-chip-${s}`}>
                    {STATUS_TEXT[s]}: {statement.counts[s]}
                  </span>
                ))}
            </div>
            <button type="button" className="a-btn a-btn-primary" disabled={matched === 0 || busy !== null} onClick={() => void approveAll()} data-testid="approve-matched">
              {busy === 'approve' ? 'Onaylanıyor…' : matched > 0 ? `Eşleşenlerin tümünü onayla (${matched})` : 'Onaylanacak eşleşme yok'}
            </button>
          </div>
          <DataTable cards columns={columns} rows={statement.lines} rowKey={(l) => String(l.lineNo)} rowProps={() => ({ 'data-testid': 'statement-line' })} empty="Ekstrede satır bulunamadı" />
        </>
      )}
    </div>
  );
}
