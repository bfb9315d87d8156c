import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The flags the machine notes require: no sandbox as root, and no background networking,
// which this offline machine refuses many times a second otherwise.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Debian's Chromium, headless, for the browser tests and the browser benchmarks alike. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: apt-get install -y --no-install-recommends chromium`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}
