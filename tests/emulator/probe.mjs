// Runs inside `firebase emulators:exec`: fetches through the Hosting emulator and writes what it saw
// to a JSON file for hosting-functions.test.ts to check. Usage: node probe.mjs <hostingBaseUrl> <resultFile>
import { writeFileSync } from 'node:fs';

const [base, resultFile] = process.argv.slice(2);
const out = {};
// /at-detay/… has no file: Hosting rewrites it to the recordPages function (an unknown horse: its 404 page).
for (const path of ['/', '/api/health', '/api/nope', '/at-detay/h-emulatorde-yok']) {
  const res = await fetch(base + path);
  out[path] = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    nosniff: res.headers.get('x-content-type-options'),
    cache: res.headers.get('cache-control'),
    frame: res.headers.get('x-frame-options'),
    text: await res.text(),
  };
}
// A hashed asset of the real build, when there is one: cached for a year.
const asset = /\/_astro\/[^"'\s)]+/.exec(out['/'].text)?.[0];
if (asset) {
  const res = await fetch(base + asset);
  out.asset = { path: asset, status: res.status, cache: res.headers.get('cache-control') };
}
// A POST with a JSON body: the function must hand the already-read body on to the app.
const post = await fetch(base + '/api/auth/login', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'a@example.com', password: 'x', extra: 1 }),
});
out.post = { status: post.status, text: await post.text() };
writeFileSync(resultFile, JSON.stringify(out));
