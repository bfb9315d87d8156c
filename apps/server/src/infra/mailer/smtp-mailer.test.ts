import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { uniqueEmail } from '../../../test/auth';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps every message it receives. */
async function startSmtpSink(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Decodes quoted-printable soft breaks and =XX escapes enough to read codes and links. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;

  beforeEach(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Parallax <no-reply@parallax.test>' },
    });
  });
  afterEach(async () => {
    await t.close();
    await sink.close();
  });

  it('delivers the verification code, which signs the user in', async () => {
    expect(t.app.mailer.kind).toBe('smtp');
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: 'violet-harbour-sunrise' },
    });
    expect(res.statusCode).toBe(200);

    const mail = await waitFor(() => sink.mails.find((m) => m.to.includes(email)));
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toMatch(/From: Parallax <no-reply@parallax\.test>/);
    expect(body).toMatch(/text\/html/);
    expect(body).toMatch(/text\/plain/);
    const code = /verification code is: (\d{6})/.exec(body)?.[1];
    expect(code).toBeDefined();

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-code',
      payload: { email, code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('delivers the reset link to APP_URL/reset-password', async () => {
    const email = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: 'violet-harbour-sunrise' },
    });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } });
    const mail = await waitFor(() =>
      sink.mails.find((m) => m.to.includes(email) && /Subject: Reset/.test(m.raw)),
    );
    const token = new RegExp(`${t.config.appUrl}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(
      decodeQuotedPrintable(mail.raw),
    )?.[1];
    expect(token).toBeDefined();
    const valid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/validate',
      payload: { token },
    });
    expect(valid.json()).toEqual({ valid: true });
  });
});
