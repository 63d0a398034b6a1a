import { demoImagePaths, demoImageRoute } from '../../../lib/demo-images';

/** The AVIF twin of every demo WebP, which pages offer first (src/lib/image-srcset.ts). */
export const getStaticPaths = demoImagePaths;
export const GET = demoImageRoute('avif');
