import type { TestServer } from './server.js';

/** Every rebuild reason the server asks for from now on (the signal a publish must raise). */
export function recordRebuilds(server: TestServer): string[] {
  const reasons: string[] = [];
  const original = server.deps.requestRebuild;
  server.deps.requestRebuild = (reason) => {
    reasons.push(reason);
    original(reason);
  };
  return reasons;
}

/** A valid staff article body with a title of its own, so slugs never collide between cases. */
export function articleBody(authorId: string, over: Record<string, unknown> = {}) {
  return {
    title: `Koşu değerlendirmesi ${Math.random().toString(36).slice(2, 8)}`,
    authorId,
    excerpt: 'Hafta sonu koşularına hazırlık.',
    content: '<p>Bu hafta sonu Veliefendi pistinde favoriler öne çıkıyor.</p>',
    ...over,
  };
}
