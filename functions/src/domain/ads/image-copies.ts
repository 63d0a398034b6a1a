import type { AppDeps } from '../../platform/deps.js';
import type { UploadImage } from '../uploads/index.js';
import { parseHouseAd } from './house-ad.js';
import { HOUSE_ADS } from './manage-ads.js';

/** Gives the ads that show the image at `url` its copies once they exist; returns how many changed. */
export async function applyAdImageCopies(deps: Pick<AppDeps, 'store'>, url: string, image: UploadImage): Promise<number> {
  if (image.copies.length === 0) return 0;
  const showing = await deps.store.collection(HOUSE_ADS).where('imageUrl', '==', url).get();
  let changed = 0;
  for (const { id } of showing) {
    const updated = await deps.store.runTransaction(async (tx) => {
      const raw = await tx.get(HOUSE_ADS, id);
      if (!raw) return false;
      const ad = parseHouseAd(raw);
      if (ad.imageUrl !== url || (ad.image?.copies.length ?? 0) > 0) return false;
      tx.update(HOUSE_ADS, id, { image });
      return true;
    });
    if (updated) changed += 1;
  }
  return changed;
}
