import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const body = [
    'User-agent: *',
    'Allow: /',
    // Account, staff and API paths are not content.
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /profil',
    'Disallow: /vip-siparislerim',
    'Disallow: /_dev/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
