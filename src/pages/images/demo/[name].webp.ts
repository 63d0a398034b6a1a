import { demoImagePaths, demoImageRoute } from '../../../lib/demo-images';

export const getStaticPaths = demoImagePaths;
export const GET = demoImageRoute('webp');
