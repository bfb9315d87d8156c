/** One outgoing mail: both an HTML and a plain-text body, always. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes (ARCHITECTURE "infra"): SMTP when SMTP_URL is set, else log + dev outbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'console';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
