import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

const SMTP_TIMEOUT_MS = 15_000;

/** Production driver: nodemailer over SMTP_URL (smtp:// with STARTTLS when offered, or smtps://). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
