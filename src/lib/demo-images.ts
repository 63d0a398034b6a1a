import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRoute, GetStaticPaths } from 'astro';
import sharp, { type Sharp } from 'sharp';
import { AD_SIZES } from '@shared/ads/house-ad';
import { IMAGE_COPY_WIDTHS, copyName } from '@shared/uploads/copy-widths';
import { AVIF_OPTIONS } from '../../functions/src/domain/uploads/image-copies';
import { DEMO_ADS, demoAdSvg } from '../../server/seed/ads';
import { DEMO_IMAGE_COUNT, DEMO_IMAGE_SIZE, demoIllustrationSvg, demoImageName } from '../../server/seed/illustrations';

/**
 * The demo articles' illustrations (issue 16) and the demo house ads' artwork (issue 15), rendered
 * from their SVG source at build time in WebP and AVIF (src/pages/images/demo/). A rendered file
 * is cached by the hash of its source, so only the first build of a machine pays for sharp;
 * concurrent builds write through a temporary name.
 */
const CACHE = join(process.cwd(), 'node_modules', '.cache', 'ganyan-demo-images');

type Format = 'webp' | 'avif';
interface DemoImageProps {
  svg: string;
  width?: number;
}

/** The full-size file and its narrower copies (demoSrcSet names the same ones). */
const sized = (name: string, svg: string, fullWidth: number) => [
  { params: { name }, props: { svg } satisfies DemoImageProps },
  ...IMAGE_COPY_WIDTHS.filter((w) => w < fullWidth).map((width) => ({ params: { name: copyName(name, width) }, props: { svg, width } satisfies DemoImageProps })),
];

export const demoImagePaths = (() => [
  ...Array.from({ length: DEMO_IMAGE_COUNT }, (_, index) => sized(demoImageName(index), demoIllustrationSvg(index), DEMO_IMAGE_SIZE.width)).flat(),
  ...DEMO_ADS.flatMap((ad) => sized(ad.name, demoAdSvg(ad), AD_SIZES[ad.placement].width)),
]) satisfies GetStaticPaths;

/** WebP at the quality the demo images have always had; AVIF with the uploads' settings. */
function encode(image: Sharp, format: Format): Promise<Buffer> {
  return (format === 'avif' ? image.avif(AVIF_OPTIONS) : image.webp({ quality: 72 })).toBuffer();
}

async function render(svg: string, width: number | undefined, format: Format): Promise<Buffer> {
  const file = join(CACHE, `${createHash('sha256').update(`${width ?? ''}${svg}`).digest('hex').slice(0, 24)}.${format}`);
  try {
    return readFileSync(file);
  } catch {
    const image = sharp(Buffer.from(svg));
    const body = await encode(width ? image.resize(width) : image, format);
    mkdirSync(CACHE, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, body);
    renameSync(temp, file);
    return body;
  }
}

export const demoImageRoute =
  (format: Format): APIRoute =>
  async ({ props }) => {
    const { svg, width } = props as DemoImageProps;
    const body = await render(svg, width, format);
    return new Response(new Uint8Array(body), { headers: { 'Content-Type': `image/${format}` } });
  };

/**
 * Renders every demo file into the cache, two at a time. A test run calls it once before its
 * builds start side by side, each of which would otherwise encode the same files on a new machine.
 */
export async function warmDemoImageCache(): Promise<void> {
  const jobs = demoImagePaths().flatMap(({ props }: { props: DemoImageProps }) => (['webp', 'avif'] as const).map((format) => () => render(props.svg, props.width, format)));
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) await job();
  };
  await Promise.all([worker(), worker()]);
}
