/** The ads area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { AD_MESSAGES, AD_PLACEMENTS, adClickSchema, houseAdInputSchema } from './house-ad.js';
export { activeAds, createAd, deleteAd, listAds, recordAdClick, updateAd } from './manage-ads.js';
export { applyAdImageCopies } from './image-copies.js';
