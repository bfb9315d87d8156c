import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './support/accounts';
import { baseUrl, launchBrowser, openPage, type TrackedPage } from './support/browser';
import { openSearchPalette } from './support/search-palette';

let browser: Browser;
const email = uniqueEmail('nav');
const CHATS = 10;
const WORD = 'zephyrine';

async function api(token: string, method: string, path: string, body?: object) {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body && { 'content-type': 'application/json' }),
    },
    ...(body && { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

// One account with several projects, favourites and more chats than fit: made through the
// API, whose session is ended afterwards so Settings lists only the browsers' sessions. Made
// by the first test that needs it (registerVerified polls, which only a test may do).
async function prepareAccount(): Promise<void> {
  await registerVerified({ url: baseUrl(), dataDir: inject('dataDir') }, email, PASSWORD);
  const login = await fetch(`${baseUrl()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  for (const name of ['Garden', 'Taxes', 'Novel', 'Trip', 'Thesis'])
    await api(token, 'POST', '/projects', { name });
  for (let i = 1; i <= CHATS; i += 1) {
    const chat = await api(token, 'POST', '/chat/conversations/', {
      title: i === 1 ? `About ${WORD} winds` : `Nav chat ${i}`,
    });
    if (i % 3 === 0) await api(token, 'PUT', `/chat/conversations/${chat.id}/favourite`, {});
  }
  await api(token, 'POST', '/auth/logout', {});
}
let account: Promise<void> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(as = email): Promise<TrackedPage> {
  if (as === email) await (account ??= prepareAccount());
  const t = await openPage(browser);
  await signIn(t.page, as, PASSWORD);
  // The app shell (and its shortcuts) has mounted once the composer has focus.
  await expect.poll(() => t.page.evaluate(() => document.activeElement?.id ?? '')).toBe('composer');
  return t;
}

/** `promise`, or a failure naming what did not happen within `ms` (not a silent hang). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Recent chat rows wholly on screen, without scrolling the sidebar or its list. */
const visibleRecentChats = (page: Page) =>
  page.evaluate(() => {
    const region = document.querySelector('[data-testid="recent-chats-scroll"]');
    if (!region || region.scrollTop !== 0) return -1;
    const box = region.getBoundingClientRect();
    return [...region.querySelectorAll('[data-testid="recent-chat"]')].filter((row) => {
      const r = row.getBoundingClientRect();
      return (
        r.height > 0 && r.top >= box.top && r.bottom <= box.bottom + 0.5 && r.bottom <= innerHeight
      );
    }).length;
  });

describe('sidebar, palette and search link', () => {
  it('shows eight recent chats at 1280×800 and collapses by button and Ctrl+B, remembered', async () => {
    const t = await signedIn();
    try {
      await expect.poll(() => t.page.getByTestId('sidebar-project').count()).toBe(3);
      await expect.poll(() => visibleRecentChats(t.page)).toBeGreaterThanOrEqual(8);

      const sidebar = t.page.getByRole('complementary', { name: 'Sidebar' });
      await t.page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('true');
      expect((await sidebar.boundingBox())?.width).toBeLessThan(80);
      await t.goto('/chats');
      await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('true');
      await t.page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
      await t.page.locator('body').click({ position: { x: 700, y: 700 } });
      await t.page.keyboard.press('ControlOrMeta+B');
      await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('false');
      await t.page.keyboard.press('ControlOrMeta+B');
      await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('true');
      await t.page.getByRole('button', { name: 'Expand sidebar' }).click();
      await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('false');
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  });

  it('the palette lists recent chats and actions before typing; arrows and Enter run one', async () => {
    const t = await signedIn();
    try {
      const box = await openSearchPalette(t.page);
      const recent = t.page.getByRole('group', { name: 'Recent chats' }).getByRole('option');
      await expect.poll(() => recent.count()).toBe(5);
      expect(await recent.first().innerText()).toContain(`Nav chat ${CHATS}`);
      const actions = t.page.getByRole('group', { name: 'Actions' }).getByRole('option');
      const names = await actions.allInnerTexts();
      expect(names).toEqual(
        expect.arrayContaining(['New chat', 'New comparison', 'Settings', 'Use the dark theme']),
      );

      const options = t.page.getByRole('option');
      const settingsAt = (await options.allInnerTexts()).indexOf('Settings');
      for (let i = 0; i < settingsAt; i += 1) await box.press('ArrowDown');
      expect(await options.nth(settingsAt).getAttribute('aria-selected')).toBe('true');
      await box.press('Enter');
      await t.page.waitForURL((url) => url.pathname === '/settings');

      await t.page.keyboard.press('ControlOrMeta+K');
      await t.page.getByRole('option', { name: 'Use the dark theme' }).click();
      await expect
        .poll(() => t.page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(true);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  });

  it('/chats?search=… fills the box and searches; typing replaces the address', async () => {
    const t = await signedIn();
    try {
      await t.goto(`/chats?search=${WORD}`);
      const box = t.page.getByRole('searchbox', { name: 'Search chats' });
      await expect.poll(() => box.inputValue()).toBe(WORD);
      await expect
        .poll(() => t.page.getByTestId('search-hit').first().innerText())
        .toContain(`About ${WORD} winds`);
      const entries = await t.page.evaluate(() => history.length);
      await box.fill('nav chat');
      await expect.poll(() => new URL(t.page.url()).searchParams.get('search')).toBe('nav chat');
      expect(await t.page.evaluate(() => history.length)).toBe(entries);
      await expect.poll(() => t.page.getByTestId('search-hit').count()).toBeGreaterThan(0);
      expect(t.errors, t.errors.join(' | ')).toEqual([]);
    } finally {
      await t.context.close();
    }
  });
});

describe('sessions and devices', () => {
  it('signs another session out from Settings; that browser shows it is signed out at once', async () => {
    // An account of its own: the other tests' closed browsers leave their sessions live.
    const owner = uniqueEmail('nav-sessions');
    await registerVerified({ url: baseUrl(), dataDir: inject('dataDir') }, owner, PASSWORD);
    const here = await signedIn(owner);
    const other = await signedIn(owner);
    try {
      // The other browser has a chat open, its socket authenticated as the user.
      const userSocket = new Promise<{ closed: Promise<void> }>((resolve) => {
        other.page.on('websocket', (ws) => {
          if (ws.url().includes('user_id=visitor_')) return;
          const closed = new Promise<void>((done) => ws.on('close', () => done()));
          ws.on('framereceived', ({ payload }) => {
            if (String(payload).includes('connection_established')) resolve({ closed });
          });
        });
      });
      await other.goto('/');
      const { closed } = await within(userSocket, 30_000, "the other browser's user socket");
      const otherToken = await other.page.evaluate(() => {
        const raw = localStorage.getItem('auth-storage') ?? '{}';
        return (JSON.parse(raw) as { state?: { accessToken?: string } }).state?.accessToken;
      });
      await here.goto('/settings');
      const rows = here.page.getByTestId('session');
      // Both browsers, and the unused session the sign-up's verification started.
      await expect.poll(() => rows.count()).toBe(3);
      const mine = rows.filter({ hasText: 'This device' });
      expect(await mine.innerText()).toMatch(/Chrome \d+ on Linux/);
      expect(await mine.innerText()).toMatch(/This computer · 127\.0\.0\.1/);
      const unused = rows.filter({ hasText: 'Address not seen yet' });
      expect(await unused.innerText()).toContain('Unknown device');
      const theirs = rows.filter({ hasNotText: 'This device' }).filter({ hasText: 'Chrome' });
      // The other browser's device is named once its requests have been seen: on a busy
      // machine the list can come before that (a click would then wait for ever).
      await expect.poll(() => theirs.count(), { timeout: 30_000 }).toBe(1);
      await theirs.getByRole('button', { name: /^Sign out Chrome/ }).click({ timeout: 10_000 });
      await expect.poll(() => rows.count()).toBe(2);

      // Its socket is closed by the server and its screen goes to sign-in without a click,
      // saying why.
      await within(closed, 30_000, "the server's close of the other browser's socket");
      await other.page.waitForURL((url) => url.pathname === '/login', { timeout: 5_000 });
      const told = other.page.getByRole('status').filter({ hasText: 'Your session ended' });
      await expect
        .poll(() => told.innerText(), { timeout: 5_000 })
        .toContain('This device was signed out of your account.');
      // Its token is refused too (no refresh can fix it).
      const status = await other.page.evaluate(async (token) => {
        const res = await fetch('/api/v1/users/me', {
          headers: { authorization: `Bearer ${token}` },
        });
        return res.status;
      }, otherToken);
      expect(status).toBe(401);
      await expect.poll(() => here.page.getByTestId('session').count()).toBe(2);
      expect(here.errors, here.errors.join(' | ')).toEqual([]);
    } finally {
      await here.context.close();
      await other.context.close();
    }
  }, 120_000);
});
