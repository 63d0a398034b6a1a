import { AD_SIZES, type AdPlacement } from '../../functions/src/domain/ads/house-ad.js';
import { HOUSE_ADS } from '../../functions/src/domain/ads/manage-ads.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';

/**
 * Demo house ads (issue 15): two running in every placement plus one switched off, so a newcomer
 * sees the slots and the staff tab on first start. Their artwork is SVG drawn here and turned into
 * WebP at site build time by `src/pages/images/demo/[name].webp.ts` (sharp), like the article
 * illustrations: nothing binary is committed. The ads promote the site's own pages.
 */

interface DemoAd {
  name: string;
  placement: AdPlacement;
  title: string[];
  text: string[];
  cta: string;
  link: string;
  alt: string;
  clicks: number;
  isActive: boolean;
  colors: [top: string, bottom: string];
}

export const DEMO_ADS: DemoAd[] = [
  { name: 'reklam-ust-1', placement: 'header', title: ['Bugünün yarış programı'], text: ['Koşular, atlar, jokeyler ve ganyanlar tek sayfada'], cta: 'Programa bak', link: '/yaris-programi', alt: 'Bugünün yarış programı: koşular, atlar ve jokeyler tek sayfada', clicks: 42, isActive: true, colors: ['#27616c', '#1b4650'] },
  { name: 'reklam-ust-2', placement: 'header', title: ['Tahmin kayıtları herkese açık'], text: ['Yazarlarımızın isabet oranlarını kendiniz doğrulayın'], cta: 'Kayıtları gör', link: '/basari-kayitlari', alt: 'Tahmin kayıtları herkese açık: yazarların isabet oranları', clicks: 17, isActive: true, colors: ['#7a121d', '#a61b29'] },
  { name: 'reklam-makale-1', placement: 'article', title: ['Favori atınızı takip edin'], text: ['Koşuya yazıldığında ve sonuçlandığında', 'size hemen haber verelim.'], cta: 'Atları takip et', link: '/takip-ettigim-atlar', alt: 'Favori atınızı takip edin, koşuya yazıldığında haber verelim', clicks: 23, isActive: true, colors: ['#1b4650', '#27616c'] },
  { name: 'reklam-makale-2', placement: 'article', title: ['Reklamsız Ganyan: VIP'], text: ['Premium analizler, günlük tahmin paketi,', 'SMS ve e-posta bildirimleri.'], cta: 'VIP üye ol', link: '/vip-uyelik', alt: 'VIP üyelikle reklamsız Ganyan, premium analizler ve bildirimler', clicks: 31, isActive: true, colors: ['#3b2a05', '#8a5a00'] },
  { name: 'reklam-yan-1', placement: 'sidebar', title: ['Kazandıran', 'tahminler'], text: ['Sonucu gelen kuponları', 'inceleyin.'], cta: 'İncele', link: '/basarili-tahminler', alt: 'Kazandıran tahminler: sonucu gelen kuponları inceleyin', clicks: 12, isActive: true, colors: ['#1e7b34', '#14532d'] },
  { name: 'reklam-yan-2', placement: 'sidebar', title: ['Reklam ve', 'iş birliği'], text: ['Ganyan okurlarına', 'ulaşmak için yazın.'], cta: 'Bize ulaşın', link: '/iletisim', alt: 'Reklam ve iş birliği için bize ulaşın', clicks: 5, isActive: true, colors: ['#27616c', '#3d8190'] },
  { name: 'reklam-yan-3', placement: 'sidebar', title: ['Yazarlarımız'], text: ['Uzman kadromuzu', 'tanıyın.'], cta: 'Yazarlar', link: '/yazarlar', alt: 'Uzman yazar kadromuzu tanıyın', clicks: 0, isActive: false, colors: ['#52606d', '#1f2933'] },
];

export const demoAdImageUrl = (name: string): string => `/images/demo/${name}.webp`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Type sizes per placement: [title, text, cta] in SVG pixels. */
const TYPE: Record<AdPlacement, { title: number; text: number; cta: number }> = {
  header: { title: 46, text: 24, cta: 24 },
  article: { title: 44, text: 24, cta: 24 },
  sidebar: { title: 30, text: 18, cta: 20 },
};

/** The SVG source of a demo ad, at its placement's size. */
export function demoAdSvg(ad: DemoAd): string {
  const { width, height } = AD_SIZES[ad.placement];
  const type = TYPE[ad.placement];
  const font = 'font-family="DejaVu Sans, Arial, sans-serif"';
  const pad = Math.round(Math.min(width, height) * 0.16);
  const wide = ad.placement === 'header';
  // Header: text on the left, button on the right. Others: text above, button below.
  let y = wide ? height / 2 - (type.title + type.text) / 2 + type.title * 0.8 : pad + type.title * 0.8;
  const lines: string[] = [];
  for (const line of ad.title) {
    lines.push(`<text x="${pad}" y="${y}" ${font} font-size="${type.title}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`);
    y += type.title * 1.15;
  }
  y += type.text * 0.2;
  for (const line of ad.text) {
    lines.push(`<text x="${pad}" y="${y}" ${font} font-size="${type.text}" fill="#e3eff1">${escapeXml(line)}</text>`);
    y += type.text * 1.3;
  }
  const ctaWidth = Math.round(ad.cta.length * type.cta * 0.62 + type.cta * 2);
  const ctaHeight = Math.round(type.cta * 2.2);
  const ctaX = wide ? width - pad - ctaWidth : pad;
  const ctaY = wide ? (height - ctaHeight) / 2 : height - pad * 0.7 - ctaHeight;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${ad.colors[0]}"/><stop offset="1" stop-color="${ad.colors[1]}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${width * 0.82}" cy="${height * 1.1}" r="${height * 0.9}" fill="#ffffff" opacity="0.06"/>
  <circle cx="${width * 0.95}" cy="${-height * 0.2}" r="${height * 0.6}" fill="#d4a017" opacity="0.18"/>
  ${lines.join('\n  ')}
  <rect x="${ctaX}" y="${ctaY}" width="${ctaWidth}" height="${ctaHeight}" rx="${ctaHeight / 2}" fill="#d4a017"/>
  <text x="${ctaX + ctaWidth / 2}" y="${ctaY + ctaHeight / 2 + type.cta * 0.35}" ${font} font-size="${type.cta}" font-weight="700" text-anchor="middle" fill="#1f1600">${escapeXml(ad.cta)}</text>
</svg>`;
}

/** Writes the demo ads (fixed ids: seeding again rewrites them in place). Running since ten days ago. */
export async function seedAds(deps: AppDeps): Promise<void> {
  const now = deps.now();
  const startsAt = new Date(now.getTime() - 10 * 86_400_000);
  const batch = deps.store.batch();
  DEMO_ADS.forEach((ad, i) => {
    batch.set(HOUSE_ADS, `demo-${ad.name}`, {
      placement: ad.placement,
      imageUrl: demoAdImageUrl(ad.name),
      linkUrl: ad.link,
      altText: ad.alt,
      startsAt,
      endsAt: i % 2 === 0 ? null : new Date(now.getTime() + 90 * 86_400_000),
      isActive: ad.isActive,
      clicks: ad.clicks,
      createdAt: new Date(startsAt.getTime() + i * 60_000),
      updatedAt: new Date(startsAt.getTime() + i * 60_000),
    });
  });
  await batch.commit();
}
