/**
 * Demo article illustrations (issue 16): jockey silks on a race-day backdrop, drawn as SVG and
 * turned into WebP at site build time by `src/pages/images/demo/[name].ts` (sharp). Nothing binary
 * is committed; the same index always gives the same picture. The seed stores only the URLs, so
 * seeding stays as fast as before; consecutive indexes differ in pattern, colours and scene, so
 * neighbouring cards never look alike.
 */

export const DEMO_IMAGE_COUNT = 24;
export const DEMO_IMAGE_SIZE = { width: 1200, height: 675 } as const;

export const demoImageName = (index: number): string => `kosu-${String((((index % DEMO_IMAGE_COUNT) + DEMO_IMAGE_COUNT) % DEMO_IMAGE_COUNT) + 1).padStart(2, '0')}`;
export const demoImageUrl = (index: number): string => `/images/demo/${demoImageName(index)}.webp`;

/** Racing colours: [body, contrast] pairs as seen on Turkish tracks. */
const SILKS: [string, string][] = [
  ['#b91c1c', '#fde047'], ['#1d4ed8', '#ffffff'], ['#15803d', '#f97316'], ['#7c3aed', '#fef3c7'],
  ['#0f172a', '#e11d48'], ['#f59e0b', '#1e3a8a'], ['#0e7490', '#fef9c3'], ['#be185d', '#e0f2fe'],
];
/** Sky gradients: morning, afternoon, golden hour, evening. */
const SKIES: [string, string][] = [
  ['#bfdbfe', '#eff6ff'], ['#7dd3fc', '#e0f2fe'], ['#fdba74', '#fef3c7'], ['#a5b4fc', '#fce7f3'],
];
const PATTERNS = ['hoops', 'stripes', 'diamond', 'chevron', 'stars', 'sash', 'quarters', 'spots'] as const;

function pattern(kind: (typeof PATTERNS)[number], color: string): string {
  switch (kind) {
    case 'hoops':
      return [0, 1, 2, 3].map((i) => `<rect x="0" y="${150 + i * 80}" width="600" height="36" fill="${color}"/>`).join('');
    case 'stripes':
      return [0, 1, 2, 3, 4].map((i) => `<rect x="${120 + i * 80}" y="0" width="34" height="600" fill="${color}"/>`).join('');
    case 'diamond':
      return `<path d="M300 170 L390 300 L300 430 L210 300 Z" fill="${color}"/>`;
    case 'chevron':
      return [0, 1].map((i) => `<path d="M120 ${230 + i * 110} L300 ${330 + i * 110} L480 ${230 + i * 110} L480 ${280 + i * 110} L300 ${380 + i * 110} L120 ${280 + i * 110} Z" fill="${color}"/>`).join('');
    case 'stars':
      return [[230, 250], [370, 250], [300, 350], [230, 440], [370, 440]]
        .map(([x, y]) => `<path transform="translate(${x} ${y})" d="M0 -30 L9 -9 L30 -9 L13 4 L19 26 L0 12 L-19 26 L-13 4 L-30 -9 L-9 -9 Z" fill="${color}"/>`)
        .join('');
    case 'sash':
      return `<path d="M150 150 L210 150 L470 520 L410 520 Z" fill="${color}"/>`;
    case 'quarters':
      return `<rect x="0" y="0" width="300" height="310" fill="${color}"/><rect x="300" y="310" width="300" height="300" fill="${color}"/>`;
    case 'spots':
      return [[220, 230], [380, 230], [300, 320], [220, 410], [380, 410], [300, 490]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="26" fill="${color}"/>`).join('');
  }
}

/** The SVG source of demo image `index` (0-based), 1200×675. */
export function demoIllustrationSvg(index: number): string {
  const i = ((index % DEMO_IMAGE_COUNT) + DEMO_IMAGE_COUNT) % DEMO_IMAGE_COUNT;
  const [body, contrast] = SILKS[i % SILKS.length]!;
  const [skyTop, skyBottom] = SKIES[(i * 3 + 1) % SKIES.length]!;
  const kind = PATTERNS[(i * 5) % PATTERNS.length]!;
  const turf = i % 3 === 0 ? '#a16207' : '#3f8f3a';
  const number = ((i * 7) % 14) + 1;
  const flip = i % 2 === 1;
  const shirt = 'M150 150 L230 110 Q300 150 370 110 L450 150 L560 260 L500 320 L450 280 L450 560 L150 560 L150 280 L100 320 L40 260 Z';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
    <clipPath id="shirt"><path d="${shirt}"/></clipPath>
  </defs>
  <rect width="1200" height="675" fill="url(#sky)"/>
  <circle cx="${flip ? 220 : 980}" cy="120" r="58" fill="#fff7d6" opacity="0.85"/>
  <path d="M0 330 Q200 280 420 320 T820 300 T1200 310 L1200 420 L0 420 Z" fill="#94a3b8" opacity="0.45"/>
  <g transform="translate(${flip ? 80 : 760} 215)">
    <rect x="0" y="40" width="360" height="110" fill="#e2e8f0"/>
    <path d="M-20 40 L380 40 L340 0 L20 0 Z" fill="${body}"/>
    ${[0, 1, 2, 3, 4, 5].map((k) => `<rect x="${20 + k * 56}" y="60" width="40" height="70" fill="#cbd5e1"/>`).join('')}
  </g>
  <rect x="0" y="400" width="1200" height="275" fill="${turf}"/>
  <path d="M0 470 L1200 450" stroke="#ffffff" stroke-width="10"/>
  <path d="M0 640 L1200 600" stroke="#ffffff" stroke-width="10"/>
  ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((k) => `<rect x="${k * 105}" y="${470 - k * 1.7}" width="6" height="40" fill="#ffffff"/>`).join('')}
  <g transform="translate(${flip ? 620 : 60} 40) scale(0.98)">
    <path d="${shirt}" fill="${body}" stroke="#0f172a" stroke-width="6" stroke-linejoin="round"/>
    <g clip-path="url(#shirt)">${pattern(kind, contrast)}</g>
    <path d="${shirt}" fill="none" stroke="#0f172a" stroke-width="6" stroke-linejoin="round"/>
    <path d="M230 110 Q300 175 370 110" fill="none" stroke="#0f172a" stroke-width="6"/>
  </g>
  <g transform="translate(${flip ? 150 : 760} 400)">
    <rect x="0" y="0" width="290" height="190" rx="14" fill="#ffffff" stroke="#0f172a" stroke-width="6"/>
    <text x="145" y="150" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="700" text-anchor="middle" fill="${body}">${number}</text>
  </g>
  <path transform="translate(${flip ? 520 : 1080} 590) rotate(180)" d="M-50 60 A55 55 0 1 1 50 60 L32 60 A37 37 0 1 0 -32 60 Z" fill="#64748b" stroke="#0f172a" stroke-width="4"/>
</svg>`;
}
