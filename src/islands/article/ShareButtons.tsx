import { useState } from 'react';

/**
 * Share links work without JavaScript (plain anchors); the island only adds "copy link",
 * which needs the clipboard.
 */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { key: 'x', label: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { key: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
}

export default function ShareButtons({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState<'ok' | 'fail' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('ok');
    } catch {
      setCopied('fail');
    }
    setTimeout(() => setCopied(null), 3000);
  }

  return (
    <div className="share" role="group" aria-label="Paylaş">
      <span className="share__label">Paylaş:</span>
      {shareLinks(url, title).map((link) => (
        <a key={link.key} className={`share__link share__link--${link.key}`} href={link.href} target="_blank" rel="noopener noreferrer">
          {link.label}
        </a>
      ))}
      <button type="button" className="share__link share__link--copy" onClick={() => void copy()}>
        Bağlantıyı Kopyala
      </button>
      <span className="share__status" role="status">
        {copied === 'ok' ? 'Bağlantı kopyalandı' : copied === 'fail' ? 'Bağlantı kopyalanamadı' : ''}
      </span>
    </div>
  );
}
