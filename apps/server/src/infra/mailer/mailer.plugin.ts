import type { FastifyInstance } from 'fastify';
import { ConsoleMailer } from './console-mailer';
import type { Mailer, MailMessage } from './mailer';
import { SmtpMailer } from './smtp-mailer';

declare module 'fastify' {
  interface FastifyInstance {
    readonly mailer: Mailer;
    /**
     * Sends without making the caller wait: a request's answer (and its timing) must not
     * depend on whether a mail went out, or auth calls would reveal which emails have accounts.
     * Failures are logged; close() waits for mails still in flight.
     */
    sendMailInBackground(message: MailMessage): void;
  }
}

export function createMailer(app: FastifyInstance): Mailer {
  const { smtpUrl, mailFrom, dataDir } = app.config;
  return smtpUrl === undefined
    ? new ConsoleMailer(dataDir, mailFrom, app.log)
    : new SmtpMailer(smtpUrl, mailFrom);
}

export function registerMailer(app: FastifyInstance, mailer: Mailer = createMailer(app)): void {
  const inFlight = new Set<Promise<void>>();
  app.decorate('mailer', mailer);
  app.decorate('sendMailInBackground', (message: MailMessage) => {
    const sending = mailer
      .send(message)
      .catch((error: unknown) =>
        app.log.error({ err: error, mail: { subject: message.subject } }, 'mail could not be sent'),
      )
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
    await mailer.close();
  });
}
