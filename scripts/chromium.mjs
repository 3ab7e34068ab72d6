// Starts Debian's headless Chromium through playwright-core, for the end-to-end tests and the
// screenshots. CHROMIUM_BIN names another binary.

import { chromium } from 'playwright-core';

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
