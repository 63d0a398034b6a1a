import { articleHref, isVipAudience, type CardData } from '../../lib/format';

/** The card shape shared with the build (src/lib/build-data.ts toCardData) and the API's answers. */
export type { CardData };

/** VIP or premium articles: the badge, and the list link goes to /vip-uyari for a non-VIP reader (spec 000 §2.7, §6). */
export function isVipArticle(card: Pick<CardData, 'audience' | 'visibility'>): boolean {
  return isVipAudience(card) || card.visibility === 'premium' || card.visibility === 'private';
}

/** Where a card leads this reader; null (inert card) when the article has neither slug nor id. */
export function cardHref(card: CardData, readerIsVip: boolean, gateVip: boolean): string | null {
  if (gateVip && isVipArticle(card) && !readerIsVip) return '/vip-uyari';
  return articleHref(card);
}
