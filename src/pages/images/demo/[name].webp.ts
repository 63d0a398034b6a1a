import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { DEMO_ADS, demoAdSvg } from '../../../../server/seed/ads';
import { DEMO_IMAGE_COUNT, demoIllustrationSvg, demoImageName } from '../../../../server/seed/illustrations';

/**
 * The demo articles' illustrations as WebP (issue 16), rendered from their SVG source at build
 * time. A rendered file is cached by the hash of its source, so only the first build of a
 * machine pays for sharp; concurrent builds write through a temporary name.
 */
const CACHE = join(process.cwd(), 'node_modules', '.cache', 'ganyan-demo-images');

export const getStaticPaths = (() => [
  ...Array.from({ length: DEMO_IMAGE_COUNT }, (_, index) => ({ params: { name: demoImageName(index) }, props: { svg: demoIllustrationSvg(index) } })),
  // The demo house ads' artwork (issue 15).
  ...DEMO_ADS.map((ad) => ({ params: { name: ad.name }, props: { svg: demoAdSvg(ad) } })),
]) satisfies GetStaticPaths;

async function render(svg: string): Promise<Buffer> {
  const file = join(CACHE, `${createHash('sha256').update(svg).digest('hex').slice(0, 24)}.webp`);
  try {
    return readFileSync(file);
  } catch {
    const webp = await sharp(Buffer.from(svg)).webp({ quality: 72 }).toBuffer();
    mkdirSync(CACHE, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, webp);
    renameSync(temp, file);
    return webp;
  }
}

export const GET: APIRoute = async ({ props }) => {
  const body = await render((props as { svg: string }).svg);
  return new Response(new Uint8Array(body), { headers: { 'Content-Type': 'image/webp' } });
};
