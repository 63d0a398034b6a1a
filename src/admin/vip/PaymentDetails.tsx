import { useEffect, useState } from 'react';
import { TIMELINE_TEXT, type VipPaymentFieldsJson } from '@shared/membership/bank-transfer/payment-view';
import { formatAmount, formatAmountTL } from '@shared/text/money';
import { api } from '../session';
import { Detail, fmtDateTime } from '../ui';
import './vip-payments.css';

export type PaymentRow = { id: string; otherName: string } & Partial<VipPaymentFieldsJson>;

/**
 * The bank-transfer part of a request dialog: reference, expected amount, payer name, the
 * receipt shown inline (image, or PDF in a same-origin frame), and the request's history. The receipt is
 * read through a 5-minute link from the API; it is never a public file.
 */
export function PaymentDetails({ row }: { row: PaymentRow }) {
  return (
    <>
      <Detail label="Referans Kodu">{row.referenceCode ? <strong className="vp-code">{row.referenceCode}</strong> : null}</Detail>
      <Detail label="Beklenen Tutar">{typeof row.amount === 'number' ? formatAmountTL(row.amount) : 'Paketsiz talep: tutar yok'}</Detail>
      <Detail label="Ödeyen Adı">{row.otherName}</Detail>
      {row.paymentMatch && <Detail label="Ödeme">{`Banka ekstresinden eşleşti (satır ${row.paymentMatch.lineNo})`}</Detail>}
      {row.timeline && row.timeline.length > 0 && (
        <Detail label="Geçmiş">
          <ul className="vp-timeline">
            {row.timeline.map((e, i) => (
              <li key={`${e.kind}-${i}`}>
                {TIMELINE_TEXT[e.kind]} <span className="a-muted">{fmtDateTime(e.at)}</span>
              </li>
            ))}
          </ul>
        </Detail>
      )}
      <div className="o-detail vp-receipt-row">
        <dt>Dekont</dt>
        <dd>{row.receipt ? <ReceiptView requestId={row.id} receipt={row.receipt} /> : 'Üye dekont eklemedi.'}</dd>
      </div>
    </>
  );
}

function ReceiptView({ requestId, receipt }: { requestId: string; receipt: NonNullable<VipPaymentFieldsJson['receipt']> }) {
  const [link, setLink] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.call((r) => r.users.admin['vip-requests'][':id']['receipt-link'].$get({ param: { id: encodeURIComponent(requestId) } })).then(
      (answer) => live && setLink(answer.data.url),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : 'Dekont açılamadı.'),
    );
    return () => {
      live = false;
    };
  }, [requestId]);
  const size = receipt.size >= 1024 * 1024 ? `${formatAmount(receipt.size / 1024 / 1024)} MB` : `${Math.max(1, Math.round(receipt.size / 1024))} KB`;
  return (
    <div className="vp-receipt" data-testid="receipt-view">
      <div className="a-muted">
        {receipt.name} · {size} · {fmtDateTime(receipt.addedAt)}
      </div>
      {failed && <div role="alert">{failed}</div>}
      {!link && !failed && <div className="a-muted">Dekont yükleniyor…</div>}
      {link &&
        (receipt.contentType === 'application/pdf' ? (
          <>
            {/* An iframe, not an <object>: the pages' CSP keeps object-src 'none' (no plugins anywhere),
                while a same-origin frame of the API's own PDF answer (default-src 'none', no scripts) is allowed. */}
            <iframe src={link} className="vp-pdf" title={`Dekont (PDF): ${receipt.name}`} data-testid="receipt-pdf" />
            <a href={link} target="_blank" rel="noopener">
              PDF dekontu yeni sekmede aç
            </a>
          </>
        ) : (
          <a href={link} target="_blank" rel="noopener">
            <img src={link} alt={`Dekont: ${receipt.name}`} className="vp-img" />
          </a>
        ))}
    </div>
  );
}
