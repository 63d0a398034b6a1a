import { useState } from 'react';
import { toast } from '../../../lib/toast';

/** One "label: value [Kopyala]" row of the payment instructions. */
export function CopyRow({ label, value, display, testId }: { label: string; value: string; display?: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(`${label} kopyalandı`);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard permission (older browser, insecure origin): the value is selectable text.
      toast.error('Kopyalanamadı; lütfen metni seçip kopyalayın.');
    }
  }
  return (
    <div className="pay-row" data-testid={testId}>
      <div className="pay-row-text">
        <span className="pay-label">{label}</span>
        <span className="pay-value">{display ?? value}</span>
      </div>
      <button type="button" className="btn btn-outline pay-copy" onClick={() => void copy()} aria-label={`${label} kopyala`}>
        {copied ? 'Kopyalandı' : 'Kopyala'}
      </button>
    </div>
  );
}
