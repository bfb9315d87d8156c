import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer';

export const DEV_OUTBOX_FILE = 'dev-outbox.jsonl';

export interface OutboxEntry extends MailMessage {
  from: string;
  sent_at: string;
}

/**
 * Development driver: logs each mail and appends it as one JSON line to
 * `<DATA_DIR>/dev-outbox.jsonl`, so codes and reset links can be read without an SMTP server.
 * WARNING: the outbox holds live codes and reset links; it lives in DATA_DIR, which is never
 * served over HTTP, and is created owner-readable only.
 */
export class ConsoleMailer implements Mailer {
  readonly kind = 'console';
  readonly outboxPath: string;

  constructor(
    dataDir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outboxPath = path.join(dataDir, DEV_OUTBOX_FILE);
  }

  async send(message: MailMessage): Promise<void> {
    const entry: OutboxEntry = { from: this.from, ...message, sent_at: new Date().toISOString() };
    fs.mkdirSync(path.dirname(this.outboxPath), { recursive: true });
    fs.appendFileSync(this.outboxPath, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    this.log.info(
      { mail: { to: message.to, subject: message.subject }, text: message.text },
      'mail written to the dev outbox (SMTP_URL is not set)',
    );
  }

  async close(): Promise<void> {}
}

/** Every mail in a dev outbox file, oldest first (empty when there is none yet). */
export function readDevOutbox(outboxPath: string): OutboxEntry[] {
  if (!fs.existsSync(outboxPath)) return [];
  return fs
    .readFileSync(outboxPath, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as OutboxEntry);
}
