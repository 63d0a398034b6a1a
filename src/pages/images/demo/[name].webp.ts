import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { AD_SIZES } from '../../../../functions/src/domain/ads/house-ad';
import { DEMO_ADS, demoAdSvg } from '../../../../server/seed/ads';
import { DEMO_IMAGE_COUNT, DEMO_IMAGE_SIZE, demoIllustrationSvg, demoImageName } from '../../../../server/seed/illustrations';
import { IMAGE_COPY_WIDTHS, copyName } from '../../../../functions/src/domain/uploads/copy-widths';

/**
 * The demo articles' illustrations as WebP (issue 16), rendered from their SVG source at build
 * time. A rendered file is cached by the hash of its source, so only the first build of a
 * machine pays for sharp; concurrent builds write through a temporary name.
 */
const CACHE = join(process.cwd(), 'node_modules', '.cache', 'ganyan-demo-images');

/** The full-size file and its narrower copies (demoSrcSet names the same ones). */
const sized = (name: string, svg: string, fullWidth: number) => [
  { params: { name }, props: { svg } },
  ...IMAGE_COPY_WIDTHS.filter((w) => w < fullWidth).map((width) => ({ params: { name: copyName(name, width) }, props: { svg, width } })),
];

export const getStaticPaths = (() => [
  ...Array.from({ length: DEMO_IMAGE_COUNT }, (_, index) => sized(demoImageName(index), demoIllustrationSvg(index), DEMO_IMAGE_SIZE.width)).flat(),
  // The demo house ads' artwork (issue 15).
  ...DEMO_ADS.flatMap((ad) => sized(ad.name, demoAdSvg(ad), AD_SIZES[ad.placement].width)),
]) satisfies GetStaticPaths;

async function render(svg: string, width?: number): Promise<Buffer> {
  const file = join(CACHE, `${createHash('sha256').update(`${width ?? ''}${svg}`).digest('hex').slice(0, 24)}.webp`);
  try {
    return readFileSync(file);
  } catch {
    const image = sharp(Buffer.from(svg));
    const webp = await (width ? image.resize(width) : image).webp({ quality: 72 }).toBuffer();
    mkdirSync(CACHE, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, webp);
    renameSync(temp, file);
    return webp;
  }
}

export const GET: APIRoute = async ({ props }) => {
  const { svg, width } = props as { svg: string; width?: number };
  const body = await render(svg, width);
  return new Response(new Uint8Array(body), { headers: { 'Content-Type': 'image/webp' } });
};
