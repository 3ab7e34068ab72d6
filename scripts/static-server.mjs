// A tiny static file server for the built game in dist/, on loopback only.
//
// Used by scripts/serve (`node scripts/static-server.mjs dist 8080`) and imported by the end-to-end
// tests, which start it on a free port and stop it when done. It serves `.wasm` as
// `application/wasm` so the browser can compile the module while it streams in, and sends
// `Access-Control-Allow-Origin: *` as a CDN does, so pages on other origins can load the embed
// module (www/embed.js), its glue and the wasm. No COOP/COEP headers: embedding needs none.

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Starts serving `dir` on 127.0.0.1:`port` (0 picks a free port).
 * Resolves to `{ url, port, close }`; `close()` resolves once the server has stopped.
 */
export function startServer(dir, port = 0) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        'Access-Control-Allow-Origin': '*',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  // Open connections (keep-alive) would hold close() back; tests want a prompt stop.
  const sockets = new Set();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolveStart, rejectStart) => {
    server.once('error', rejectStart);
    server.listen(port, '127.0.0.1', () => {
      const actual = server.address().port;
      resolveStart({
        url: `http://127.0.0.1:${actual}/`,
        port: actual,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir = 'dist', port = '8080'] = process.argv.slice(2);
  startServer(dir, Number(port)).then(
    ({ url }) => console.log(`serving ${dir}/ at ${url} (Ctrl-C stops)`),
    (err) => {
      console.error(
        err.code === 'EADDRINUSE'
          ? `error: port ${port} on 127.0.0.1 is already in use (another server running?)`
          : `error: ${err.message}`,
      );
      process.exit(1);
    },
  );
}
