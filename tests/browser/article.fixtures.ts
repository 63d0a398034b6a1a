import { randomUUID } from 'node:crypto';
import { buildArticleDocument, type NewArticleInput } from '../../functions/src/domain/articles/derive-fields.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';

/**
 * Articles for the article and list page tests, written through the same document builder the
 * seed and the staff panel use (sanitized body, read time, search tokens).
 */

export async function createAuthor(deps: AppDeps, fields: Record<string, unknown> = {}): Promise<string> {
  const id = `author-${randomUUID().slice(0, 8)}`;
  const now = deps.now();
  await deps.store.set('users', id, {
    email: `${id}@example.com`,
    username: id,
    usernameLower: id,
    firstName: 'Mehmet',
    lastName: 'Şahin',
    displayName: 'Mehmet Şahin',
    role: 'author',
    status: 'active',
    isDeleted: false,
    passwordHash: 'not-a-valid-hash',
    bio: 'Yirmi yıldır İstanbul ve Ankara koşularını izleyen handikap uzmanı.',
    createdAt: now,
    updatedAt: now,
    ...fields,
  });
  return id;
}

let counter = 0;

export async function createArticle(deps: AppDeps, input: Partial<NewArticleInput> & Pick<NewArticleInput, 'authorId'>): Promise<string> {
  counter += 1;
  const id = input.slug ? `a-${input.slug}` : `a-${counter}-${randomUUID().slice(0, 6)}`;
  const title = input.title ?? `Deneme makalesi ${counter}`;
  const doc = buildArticleDocument(
    {
      title,
      slug: input.slug ?? `deneme-makalesi-${counter}-${randomUUID().slice(0, 4)}`,
      category: 'estimation',
      excerpt: `${title} için kısa özet.`,
      content: '<p>Koşu analizi: pist ağır, favori atlar ikinci yarıda öne çıkıyor.</p>',
      status: 'published',
      ...input,
    },
    deps.now(),
  );
  await deps.store.set('articles', id, doc);
  return id;
}

export async function addRaceEstimate(deps: AppDeps, articleId: string, raceNumbers: number[]): Promise<void> {
  const now = deps.now();
  await deps.store.set('raceEstimates', `est-${articleId}`, {
    articleId,
    title: 'Veliefendi altılı tahmini',
    description: 'Banko: 3. koşuda 5 numara.',
    races: raceNumbers.map((raceNumber, i) => ({
      id: `r${raceNumber}`,
      raceNumber,
      startTime: `1${4 + Math.floor(i / 2)}:${i % 2 ? '30' : '00'}`,
      selectedHorses: [
        { number: 1 + i, name: `Rüzgâr ${i + 1}` },
        { number: 5 + i, name: `Şahbatur ${i + 1}` },
      ],
    })),
    raceData: { date: '2026-11-22', location: 'İstanbul Veliefendi' },
    addedAt: now,
    createdAt: now,
  });
}
