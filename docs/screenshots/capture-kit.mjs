// What the screenshot scripts in this folder share: Debian's Chromium driven by the repository's
// playwright-core, a browser context per colour scheme and size that collects console errors,
// `shot` (fonts loaded, a settle wait, a horizontal-overflow check, the PNG), the JSON API under
// /api/v1, verified accounts (the code read from DATA_DIR/dev-outbox.jsonl) and signing in
// through /login. A script opens the kit once and closes it with `finish`, which reports what
// went wrong:
//   const kit = await captureKit({ base, dataDir, out });
//   const ctx = await kit.ctxFor('dark', 'phone', await kit.signedInState(email));
//   await kit.shot(await ctx.newPage(), 'name-phone-dark');
//   await kit.finish();
import { createRequire } from 'node:module';
import path from 'node:path';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const { chromium } = createRequire(new URL('../../package.json', import.meta.url))(
  'playwright-core',
);

/** Viewports: the default 1280 × 900 desktop and 360 px phone, or the 390 px phone set. */
export const SIZES_360 = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 360, height: 800 },
};
export const SIZES_390 = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** Resolves with fn's first truthy answer, polled every 200 ms. */
export async function until(fn, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await fn();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out after ${ms} ms`);
}

const password = 'Violet kettle 42 drums';

export const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** `api(method, url, body?, headers?)` on base's /api/v1: JSON both ways; throws on an error. */
export function jsonApi(base, defaultHeaders = {}) {
  return async (method, url, body, headers = {}) => {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        ...defaultHeaders,
        ...(body && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body && { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/**
 * Options: base (the server), dataDir (for accounts), out (where shots go), sizes, timezoneId,
 * settleMs (shot's default wait), onContext (runs on each new context), ignoreConsole (console
 * errors a script expects).
 */
export async function captureKit({
  base,
  dataDir,
  out,
  sizes = SIZES_360,
  timezoneId,
  settleMs = 900,
  onContext,
  ignoreConsole = () => false,
}) {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const problems = [];
  const api = jsonApi(base);

  async function ctxFor(scheme, size, storageState) {
    const { width, height } = sizes[size];
    const phone = size === 'phone';
    const ctx = await browser.newContext({
      baseURL: base,
      viewport: { width, height },
      isMobile: phone,
      hasTouch: phone,
      colorScheme: scheme,
      locale: 'en-US',
      ...(timezoneId && { timezoneId }),
      ...(storageState && { storageState }),
    });
    await onContext?.(ctx);
    ctx.on('page', (p) => {
      p.on('console', (m) => {
        if (m.type() === 'error' && !ignoreConsole(m.text()))
          problems.push(`${scheme}/${size} ${p.url()}: ${m.text()}`);
      });
      p.on('pageerror', (e) => problems.push(String(e)));
    });
    return ctx;
  }

  async function shot(page, name, { fullPage = false, settleMs: wait = settleMs } = {}) {
    await page.evaluate(() => document.fonts.ready);
    if (wait) await page.waitForTimeout(wait);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    if (overflow > 0) problems.push(`${name}: ${overflow}px horizontal overflow`);
    await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
    console.log(name);
  }

  /** Registers and verifies an account: its token (none with verify: false, or when reused). */
  async function account(email, { name = 'Ada Lovelace', verify = true, reuse = false } = {}) {
    try {
      await api('POST', '/auth/register', { email, password, name });
    } catch (error) {
      if (reuse) return undefined; // there from an earlier run against the same DATA_DIR
      throw error;
    }
    if (!verify) return undefined;
    const outbox = path.join(dataDir, 'dev-outbox.jsonl');
    const code = await until(() => {
      if (!existsSync(outbox)) return undefined;
      const mail = readFileSync(outbox, 'utf8')
        .split('\n')
        .filter((l) => l.includes(email))
        .at(-1);
      return /verification code is: (\d{6})/.exec(mail ?? '')?.[1];
    }, 10_000);
    return (await api('POST', '/auth/verify-code', { email, code })).access_token;
  }

  /** Signs in through /login and waits for the page it lands on. */
  async function signIn(page, email, landing = '/') {
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => u.pathname === landing);
  }

  /** A signed-in storage state, for ctxFor's third argument. */
  async function signedInState(email) {
    const ctx = await ctxFor('light', 'desktop');
    await signIn(await ctx.newPage(), email);
    const state = await ctx.storageState();
    await ctx.close();
    return state;
  }

  /** A new verified account, signed in: its storage state and the headers of its token. */
  async function signedInAccount(email, options) {
    const auth = bearer(await account(email, options));
    return { state: await signedInState(email), auth };
  }

  /** Closes the browser and lists the problems; with strict, they fail the run. */
  async function finish({ strict = false } = {}) {
    await browser.close();
    if (!problems.length) return console.log('No console errors, no overflow.');
    console.log(`Problems:\n${problems.join('\n')}`);
    if (strict) process.exitCode = 1;
  }

  return {
    problems,
    api,
    ctxFor,
    shot,
    account,
    signIn,
    signedInState,
    signedInAccount,
    finish,
  };
}
