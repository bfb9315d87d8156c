import { describe, expect, it } from 'vitest';
import { createBreadcrumbTrail } from './breadcrumbs';
import { controlLabel, httpCrumb } from './auto-breadcrumbs';
import { buildLogEntry } from './log-entry';
import { REDACTED, redactRecord, redactText, redactUrl } from './redact';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1XzEifQ.c2lnbmF0dXJlLXZhbHVl';
const API_KEY = 'plx_live_0123456789abcdef';
const SECRETS = [JWT, API_KEY, 'hunter2-password', 'sk-proj-abcdef123456', 'my private message'];

const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  return SECRETS.filter((s) => text.includes(s));
};

describe('redaction of what leaves the browser', () => {
  it('strips fragments and query values from URLs, keeping the path and parameter names', () => {
    expect(
      redactUrl(`https://app.test/reset-password?token=${JWT}&next=/chats#access_token=${JWT}`),
    ).toBe(`https://app.test/reset-password?token=${REDACTED}&next=${REDACTED}`);
    expect(redactUrl('/auth/google/callback?code=abc&state=xyz')).toBe(
      `/auth/google/callback?code=${REDACTED}&state=${REDACTED}`,
    );
    expect(redactUrl('/chats/c_1')).toBe('/chats/c_1');
  });

  it('replaces bearer tokens, JWTs, API keys and key=value secrets in free text', () => {
    const text = redactText(
      `Authorization: Bearer ${JWT} failed for ${API_KEY}; password=hunter2-password sk-proj-abcdef123456`,
    );
    expect(leaks(text)).toEqual([]);
    expect(text).toContain('password=[redacted]');
  });

  it('redacts a password with spaces to the end of its line', () => {
    const text = redactText('login failed: password=Violet kettle 42 drums\nretrying');
    expect(text).toBe(`login failed: password=${REDACTED}\nretrying`);
  });

  it('drops sensitive keys and scrubs strings inside nested values too', () => {
    const record = redactRecord({
      status: 500,
      headers: { authorization: `Bearer ${JWT}`, accept: 'application/json' },
      steps: [{ note: `used ${API_KEY}` }, { prompt: 'my private message' }],
      error: new Error(`bad ${JWT}`),
    });
    expect(leaks(record)).toEqual([]);
    expect(record).toMatchObject({ status: 500, headers: { accept: 'application/json' } });
  });

  it('keeps secrets, message text and input values out of error records', () => {
    const error = new Error(`Request with ${JWT} failed`);
    const entry = buildLogEntry({
      id: 'err_1',
      error,
      context: {
        password: 'hunter2-password',
        message: 'my private message',
        api_key: API_KEY,
        input_value: 'my private message',
        status: 500,
        path: `/chats?token=${JWT}`,
      },
      userAgent: 'UA',
      url: `https://app.test/verify-email?token=${JWT}#${JWT}`,
      userId: null,
      sessionId: 's',
      breadcrumbs: [],
      now: new Date(),
    });
    expect(leaks(entry)).toEqual([]);
    expect(entry.url).toBe(`https://app.test/verify-email?token=${REDACTED}`);
    expect(entry.error.context).toMatchObject({ status: 500 });
    expect(entry.error.context).not.toHaveProperty('password');
    expect(entry.error.context).not.toHaveProperty('message');
  });

  it('keeps secrets out of breadcrumbs: HTTP URLs, click data and messages', () => {
    const trail = createBreadcrumbTrail();
    httpCrumb(trail.add, 'post', `/api/v1/auth/reset?token=${JWT}`, 200);
    trail.add('ui.click', `button "Send" with ${API_KEY}`, {
      href: `/share?key=${API_KEY}`,
      text: 'my private message',
    });
    const crumbs = trail.snapshot();
    expect(leaks(crumbs)).toEqual([]);
    expect(crumbs[0]).toMatchObject({
      category: 'http',
      message: `POST /api/v1/auth/reset?token=${REDACTED}`,
      data: { status: 200 },
    });
    expect(crumbs[1]?.data).toEqual({ href: `/share?key=${REDACTED}` });
  });

  it('names a control by its label, cut short, never by a field value', () => {
    const button = document.createElement('button');
    button.setAttribute('aria-label', 'Send message');
    button.textContent = 'my private message';
    expect(controlLabel(button)).toBe('Send message');
    const link = document.createElement('a');
    link.textContent = 'x'.repeat(100);
    expect(controlLabel(link)).toHaveLength(40);
  });

  it('caps the trail at the 50 latest crumbs', () => {
    const trail = createBreadcrumbTrail();
    for (let i = 0; i < 60; i += 1) trail.add('navigation', `/p/${i}`);
    const crumbs = trail.snapshot();
    expect(crumbs).toHaveLength(50);
    expect(crumbs[0]?.message).toBe('/p/10');
  });
});
