import { expect } from 'vitest';
import type { TestAccount } from './accounts.js';
import type { TestServer } from './server.js';

let articleCounter = 0;
/** A VIP estimation article published by staff through the real endpoints (the notices' trigger). */
export async function publishVipEstimateAs(server: TestServer, staff: TestAccount, over: Record<string, unknown> = {}): Promise<{ id: string; slug: string; title: string }> {
  articleCounter += 1;
  const title = `Bugünün altılı tahmini ${articleCounter}`;
  const created = await server.api('POST', '/api/articles', {
    token: staff.token,
    body: {
      title,
      authorId: staff.id,
      excerpt: 'Veliefendi altılı ganyan tahmini.',
      content: '<p>Seçimler içeride.</p>',
      category: 'estimation',
      audience: 'vip',
      visibility: 'premium',
      ...over,
    },
  });
  expect(created.status).toBe(201);
  const published = await server.api('PUT', `/api/articles/${created.body.data.id}/toggle-publish`, { token: staff.token });
  expect(published.status).toBe(200);
  expect(published.body.data.status).toBe('published');
  return { id: created.body.data.id, slug: created.body.data.slug, title };
}
