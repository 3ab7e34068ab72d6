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
 * copy, or `{ text }` to write), with one module Web Worker running `script` (a served file) in
 * it: `ask(message)` posts a message to the worker and resolves to the next message it posts
 * back (one question at a time), or rejects if that message is `{ error }` (which is how the
 * worker reports a failure of its own: see `answering`). `close()` stops the worker, the browser and the server and
 * removes the directory.
 */
export async function workerPage(files, script) {
  const dir = mkdtempSync(join(tmpdir(), 'boomchess-worker-page-'));
  const server = await startServer(dir);
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const [name, source] of Object.entries(files)) {
      if (typeof source === 'object' && 'text' in source) writeFileSync(join(dir, name), source.text);
      else copyFileSync(source, join(dir, name));
    }
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>workers</title>');
    const page = await browser.newPage();
    await page.goto(`${server.url}index.html`);
    await page.evaluate((url) => { window.worker = new Worker(url, { type: 'module' }); }, script);
    const ask = (message) => page.evaluate((data) => new Promise((resolve, reject) => {
      window.worker.onmessage = (e) => (e.data?.error ? reject(new Error(e.data.error)) : resolve(e.data));
      window.worker.onerror = (e) => reject(new Error(e.message));
      window.worker.postMessage(data);
    }), message);
    return { ask, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A worker script's source that answers each message with `answer(message)`'s result (awaited),
 * or with `{ error }` if it throws: `imports` are its import lines, `ready` an expression whose
 * promise it awaits before the first answer (started at once, so no message waits for a module
 * to load before a handler exists), `answer` the text of a function of the message and
 * `ready`'s value.
 */
export function answering({ imports = [], ready = 'undefined', answer }) {
  return [
    ...imports,
    `const ready = Promise.resolve(${ready});`,
    `const answer = ${answer};`,
    'onmessage = async (e) => {',
    '  try {',
    '    postMessage(await answer(e.data, await ready));',
    '  } catch (error) {',
    '    postMessage({ error: String(error?.stack ?? error) });',
    '  }',
    '};',
  ].join('\n');
}
