import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import type { BankAccountView } from '@shared/membership/bank-account';
import { companyLines, type CompanyIdentity } from '@shared/membership/company-identity';
import { paymentInstructionFor } from '@shared/membership/payment-instruction';
import { RECEIPT_ACCEPT, RECEIPT_MAX_BYTES } from '@shared/membership/bank-transfer/payment-view';
import { groupedIban, normalizeIban } from '@shared/membership/iban';
import { UPLOAD_MESSAGES } from '@shared/uploads/upload';
import type { Wire } from '@shared/wire';
import { formatAmount, formatAmountTL } from '@shared/text/money';
import { getSession, type VipStatus } from '../../../lib/session';
import { uploadFile } from '../../../lib/upload';
import { formatDate } from '../../../lib/vip-time';
import { CopyRow } from './CopyRow';
import { RequestTimeline } from './RequestTimeline';
import './payment.css';

export type PendingRequestJson = NonNullable<VipStatus['pendingRequest']>;

type BankAccount = Wire<BankAccountView>;


/**
 * The open request on /vip-siparislerim: what to transfer where, with copy buttons, the receipt
 * upload, the request's timeline and a cancel button.
 */
export function PendingPayment({ pending, onChanged }: { pending: PendingRequestJson; onChanged: () => Promise<void> }) {
  const [bank, setBank] = useState<BankAccount | null | undefined>(undefined);
  const [company, setCompany] = useState<CompanyIdentity | null>(null);
  const [uploading, setUploading] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    getSession()
      .api.call((r) => r.settings['bank-account'].$get())
      .then(
        (answer) => live && setBank(answer.data),
        () => live && setBank(null),
      );
    // Who takes the money; the card still works without it (a failed read shows nothing extra).
    getSession()
      .api.call((r) => r.settings.company.$get())
      .then(
        (answer) => live && setCompany(answer.data),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []);

  /** One change of the request: the answer's message (else `success`) and a reload, or the failure's text. */
  async function change(busy: (on: boolean) => void, call: () => Promise<{ message?: string }>, success: string, failure: string) {
    busy(true);
    try {
      const answer = await call();
      toast.success(answer.message ?? success);
      await onChanged();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : failure);
    } finally {
      busy(false);
    }
  }

  async function upload(file: File) {
    if (!['application/pdf', 'image/jpeg', 'image/png'].includes(file.type)) return toast.error(UPLOAD_MESSAGES.receiptUnsupported);
    if (file.size > RECEIPT_MAX_BYTES) return toast.error(UPLOAD_MESSAGES.receiptTooLarge);
    const id = pending.id;
    if (!id) return;
    const { api } = getSession();
    await change(
      setUploading,
      async () => {
        const receipt = await uploadFile(api, file, 'receipt', { failedText: 'Dosya yüklenemedi. Lütfen tekrar deneyin.' });
        return api.call((r) => r.users['vip-requests'][':id'].receipt.$put({ param: { id: encodeURIComponent(id) } }), { body: { uploadId: receipt.uploadId } });
      },
      'Dekontunuz talebinize eklendi.',
      'Dekont yüklenemedi.',
    );
    if (fileInput.current) fileInput.current.value = '';
  }

  async function cancel() {
    await change(setCancelling, () => getSession().api.call((r) => r.users['request-vip'].cancel.$post()), 'VIP talebiniz iptal edildi.', 'Talep iptal edilemedi.');
    setConfirmCancel(false);
  }

  const code = pending.referenceCode;
  return (
    <section className="m-card" aria-labelledby="pending-title" data-testid="vip-pending-card">
      <h2 id="pending-title" className="vip-h2">
        Bekleyen Talep <span className="m-status m-status-pending">{pending.receipt ? 'Dekont inceleniyor' : 'Ödeme bekleniyor'}</span>
      </h2>
      <p className="m-sub pay-lead">
        {pending.packageName ? `${pending.packageName} · ` : ''}
        {pending.requestedDays} gün · {formatDate(pending.requestDate)}
        {pending.otherName ? ` · Ödeyen: ${pending.otherName}` : ''}
      </p>
      {code && (
        <p className="pay-lead" data-payment-instruction>
          {paymentInstructionFor(code)}
        </p>
      )}

      {code && (
        <div className="pay-box" data-testid="payment-instructions">
          {bank === undefined ? (
            <div className="skeleton m-skeleton-block" aria-hidden="true" />
          ) : bank ? (
            <>
              <CopyRow label="Banka" value={bank.bankName} testId="pay-bank" />
              <CopyRow label="Hesap sahibi" value={bank.accountOwner} testId="pay-owner" />
              <CopyRow label="IBAN" value={normalizeIban(bank.ibanNumber)} display={groupedIban(bank.ibanNumber)} testId="pay-iban" />
            </>
          ) : (
            <p className="m-banner m-banner-warn">Banka hesap bilgileri şu anda görüntülenemiyor; lütfen destek sayfasından bize ulaşın.</p>
          )}
          {typeof pending.amount === 'number' && <CopyRow label="Tutar" value={formatAmount(pending.amount)} display={formatAmountTL(pending.amount)} testId="pay-amount" />}
          <CopyRow label="Açıklama alanına yazın" value={code} testId="pay-reference" />
          {company && (
            <dl className="pay-company" data-testid="company-details">
              <dt>Ödemeyi alan şirket</dt>
              {companyLines(company).map((line) => (
                <dd key={line.label}>
                  {line.label}: {line.value}
                </dd>
              ))}
            </dl>
          )}
          {pending.expiresAt && (
            <p className="m-hint pay-deadline">
              Ödeme {formatDate(pending.expiresAt)} tarihine kadar yapılmazsa talep kendiliğinden kapanır; dilediğiniz zaman yenisini oluşturabilirsiniz.
            </p>
          )}
        </div>
      )}

      <div className="pay-receipt">
        <h3 className="pay-h3">Dekont</h3>
        {pending.receipt ? (
          <p data-testid="receipt-added">
            <strong>{pending.receipt.name}</strong> eklendi ({formatDate(pending.receipt.addedAt)}). Ekibimiz ödemenizi kontrol ediyor.
          </p>
        ) : (
          <p className="m-hint">Ödemeyi yaptıysanız dekontu (PDF, JPEG veya PNG, en fazla 10 MB) ekleyin; onay hızlanır.</p>
        )}
        <label className="btn btn-outline pay-file">
          {uploading ? 'Yükleniyor...' : pending.receipt ? 'Dekontu değiştir' : 'Dekont yükle'}
          <input
            ref={fileInput}
            type="file"
            accept={RECEIPT_ACCEPT}
            disabled={uploading || !pending.id}
            data-testid="receipt-input"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
      </div>

      <h3 className="pay-h3">Talep geçmişi</h3>
      <RequestTimeline events={pending.timeline ?? []} />

      <div className="pay-cancel">
        {confirmCancel ? (
          <div className="m-banner m-banner-warn" role="alert">
            Talebi iptal etmek istediğinize emin misiniz? Ödeme yaptıysanız iptal etmeyin; ekibimiz ödemenizi eşleştirecektir.
            <div className="m-actions">
              <button type="button" className="btn btn-danger" disabled={cancelling} onClick={() => void cancel()}>
                {cancelling ? 'İptal ediliyor...' : 'Evet, talebi iptal et'}
              </button>
              <button type="button" className="btn btn-outline" onClick={() => setConfirmCancel(false)}>
                Vazgeç
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => setConfirmCancel(true)} data-testid="cancel-request">
            Talebi iptal et
          </button>
        )}
      </div>
    </section>
  );
}
