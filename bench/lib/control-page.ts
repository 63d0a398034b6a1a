import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A page with one heading and one paragraph, no CSS, script, font or image: what Lighthouse gives
 * a page that does nothing, on this machine, in this run. On two shared cores it is not zero (the
 * renderer's own start-up tasks, stretched by Chromium's other processes, land after an early first
 * paint), and a site's TBT is read against it.
 */
const CONTROL_HTML = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ganyan ölçüm sayfası</title><meta name="description" content="Yalnızca bir başlık ve bir paragraf: ölçümün taban çizgisi.">
</head><body><h1>Bugünün koşuları</h1>
<p>Veliefendi'de bugün dokuz koşu var; ilk koşu 13.30'da başlıyor. Bu sayfada stil, betik, yazı tipi ya da görsel yok: tarayıcının hiçbir iş yapmayan bir sayfada harcadığı zamanı ölçmek için duruyor.</p>
</body></html>`;

export async function startControlPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(CONTROL_HTML);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Bulunamadı');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
