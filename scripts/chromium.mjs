// Starts Debian's headless Chromium through playwright-core, for the end-to-end tests, the
// screenshots and the benchmarks' Web Workers. CHROMIUM_BIN names another binary.

import { mkdtempSync, copyFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from './static-server.mjs';

// As root Chromium needs --no-sandbox; the rest keeps it from calling home on a closed network.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** A headless Chromium browser; `extraArgs` are added to its command line. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
    args: [...ARGS, ...extraArgs],
  });
}

/**
 * A headless Chromium page served from a temporary directory holding `files` (a name → a path to
 * copy, or `{ text }` to write), in which module Web Workers run: `run(script)` starts one (a
 * served file, with any query) and resolves to the first message it posts. `close()` stops the
 * browser and the server and removes the directory.
 */
export async function workerPage(files) {
  const dir = mkdtempSync(join(tmpdir(), 'boomchess-worker-page-'));
  for (const [name, source] of Object.entries(files)) {
    if (typeof source === 'object' && 'text' in source) writeFileSync(join(dir, name), source.text);
    else copyFileSync(source, join(dir, name));
  }
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>workers</title>');
  const server = await startServer(dir);
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  const run = async (script) => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}index.html`);
      return await page.evaluate((url) => new Promise((resolve, reject) => {
        const worker = new Worker(url, { type: 'module' });
        worker.onmessage = (e) => { worker.terminate(); resolve(e.data); };
        worker.onerror = (e) => { worker.terminate(); reject(new Error(e.message)); };
      }), script);
    } finally {
      await page.close();
    }
  };
  return { run, close };
}
