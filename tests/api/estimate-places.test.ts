import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { exportPayload, MORNING, raceId, seedArticle, seedCard, setResult } from './race-estimates.fixtures.js';

/** Issue 20: an article's estimate carries each selected horse's finishing place once its race has a result. */
describe('finishing places in an article estimate', () => {
  let server: TestServer;
  let author: TestAccount;
  beforeAll(async () => {
    server = await startTestServer({ now: MORNING });
    author = await createAccount(server, { role: 'author' });
    await seedCard(server.deps);
  });
  afterAll(() => server.close());

  it('is empty before any result, then maps each selected number to its place race by race', async () => {
    const articleId = await seedArticle(server.deps, author.id);
    const created = await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: author.token, body: exportPayload([[1, 2], [5], [3, 4], [7], [2], [4]]) });
    expect(created.status).toBe(201);

    const before = await server.api('GET', `/api/articles/${articleId}/race-estimates`);
    expect(before.status).toBe(200);
    expect(before.body.data[0].finishPlaces).toEqual({});

    // Race 1: horse 2 wins, horse 1 is second (setResult places every other horse at number + 1).
    await setResult(server.deps, 1, [2]);
    await setResult(server.deps, 3, [4]);
    // Written straight to the store: clear the public answer cache as the importer's rebuild request does.
    server.deps.requestRebuild('test results');
    const after = await server.api('GET', `/api/articles/${articleId}/race-estimates`);
    expect(after.body.data[0].finishPlaces).toEqual({
      [raceId(1)]: { '1': 2, '2': 1 },
      [raceId(3)]: { '3': 4, '4': 1 },
    });
  });
});
