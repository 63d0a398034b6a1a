import type { ArticleCard } from '../../../functions/src/domain/articles/public-view';

/** A card as the islands hold it: a Date at build time, an ISO string once it came over JSON. */
export type CardData = Omit<ArticleCard, 'publishedAt'> & { publishedAt: string | Date | null };

/** VIP or premium articles: the badge, and the list link goes to /vip-uyari for a non-VIP reader (spec 000 §2.7, §6). */
export function isVipArticle(card: Pick<CardData, 'audience' | 'visibility'>): boolean {
  return card.audience === 'vip' || card.audience === 'premium' || card.visibility === 'premium' || card.visibility === 'private';
}

export function articleHref(card: Pick<CardData, 'slug' | 'id'>): string {
  return `/makale/${encodeURIComponent(card.slug || card.id)}`;
}

/** Where a card leads this reader: VIP articles lead a reader who is not VIP to the VIP wall. */
export function cardHref(card: CardData, readerIsVip: boolean, gateVip: boolean): string {
  return gateVip && isVipArticle(card) && !readerIsVip ? '/vip-uyari' : articleHref(card);
}
