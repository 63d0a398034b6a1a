import type { APIRoute } from 'astro';
import { feedCards } from '../lib/build-data';
import { renderRss } from '../lib/feeds';

export const GET: APIRoute = async ({ site }) =>
  renderRss({
    site: site ?? new URL('http://localhost:4321'),
    title: 'Ganyan',
    description: 'At yarışı tahminleri, analizler ve haberler',
    path: '/rss.xml',
    items: await feedCards(),
  });
