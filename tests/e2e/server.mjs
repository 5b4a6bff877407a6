// A static server for dist/ on 127.0.0.1, gzip like a real host, so tests and budgets see
// real transfer sizes. Also runnable alone: node tests/e2e/server.mjs [port]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const dist = resolve(here, '../../dist');
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.json': 'application/json', '.md': 'text/markdown; charset=utf-8', '.webmanifest': 'application/manifest+json',
};

/** Each body gzipped once, by its etag, as a host serves compressed files it has cached:
 *  compressing the 1.5 MB module anew on every request took 150-250 ms of this server's one
 *  thread, which the page's own requests then waited behind (issue 54). */
const gzipCache = new Map();
function gzipped(etag, body) {
  if (!gzipCache.has(etag)) gzipCache.set(etag, gzipSync(body, { level: 9 }));
  return gzipCache.get(etag);
}

/** Serves `root` (dist/ unless told) on 127.0.0.1, and again under /copy/, as a second copy
 *  of the app on one site. `server.rewrite(path, body, request)`, if set, may change a file as it is served
 *  (`path` as under the copy's root, with `request.url` telling the copies apart), which is
 *  how a test makes a new deploy or a broken file. */
export function serve(port = 0, root = dist) {
  const server = createServer(async (req, res) => {
    const full = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const path = full.startsWith('/copy/') ? full.slice('/copy'.length) : full;
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    try {
      let body = await readFile(file);
      if (server.rewrite) body = Buffer.from(server.rewrite(path, body, req) ?? body);
      // Revalidated on every use, as static hosts do: the worker's second fetch of the
      // module is a 304, not a second download.
      const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
      const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache', etag };
      if (req.headers['if-none-match'] === etag) { res.writeHead(304, headers).end(); return; }
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipped(etag, body);
        headers['content-encoding'] = 'gzip';
      }
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serve(Number(process.argv[2] ?? 8080));
  console.log(`serving ${dist} on http://127.0.0.1:${server.address().port}`);
}
