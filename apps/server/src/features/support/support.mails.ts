import type { MailMessage } from '../../infra/mailer/mailer';

/** Support mails: the subject (escaped) and a link; never a message body. */

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function mail(to: string, subject: string, lines: string[]): MailMessage {
  const body = lines.map((p) => `<p style="margin:0 0 16px;">${escapeHtml(p)}</p>`).join('');
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parallax</title></head><body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2330;font-size:15px;line-height:1.6;max-width:520px;margin:32px auto;padding:0 12px;"><p style="font-size:20px;font-weight:700;">Parallax</p>${body}</body></html>`,
  };
}

/** Subjects are user text: one line, bounded, in a mail header. */
function headerSafe(subject: string): string {
  return subject.replace(/[\r\n\t]+/g, ' ').slice(0, 120);
}

export function supportReplyMail(to: string, subject: string, url: string): MailMessage {
  return mail(to, `Support replied: ${headerSafe(subject)}`, [
    `Our support team replied to your ticket “${headerSafe(subject)}”.`,
    `Read and answer it: ${url}`,
  ]);
}

export function newTicketMail(
  to: string,
  subject: string,
  category: string,
  from: string,
  url: string,
): MailMessage {
  return mail(to, `New support ticket: ${headerSafe(subject)}`, [
    `${from} opened a ${category} ticket: “${headerSafe(subject)}”.`,
    `Open it in the inbox: ${url}`,
  ]);
}
