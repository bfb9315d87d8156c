import type { MailMessage } from '../../infra/mailer/mailer';

/** The account mails, in HTML and plain text. Product name and wording live here only. */

const PRODUCT = 'Parallax';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

interface Layout {
  title: string;
  /** Trusted HTML fragments, already escaped. */
  bodyHtml: string;
}

function layout({ title, bodyHtml }: Layout): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2330;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f7;padding:32px 12px;">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px;">
        <tr><td style="font-size:20px;font-weight:700;letter-spacing:-0.01em;padding-bottom:24px;">${PRODUCT}</td></tr>
        <tr><td style="font-size:15px;line-height:1.6;">${bodyHtml}</td></tr>
        <tr><td style="font-size:12px;line-height:1.5;color:#6b7080;padding-top:32px;border-top:1px solid #ececf1;">
          You received this email because this address was entered on ${PRODUCT}. If that was not you, you can ignore it.
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
}

function button(href: string, label: string): string {
  const url = escapeHtml(href);
  return `<p style="margin:28px 0;"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px;">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#6b7080;word-break:break-all;">Or paste this link into your browser: ${url}</p>`;
}

export function verificationCodeMail(to: string, code: string, validMinutes: number): MailMessage {
  const subject = `${code} is your ${PRODUCT} verification code`;
  return {
    to,
    subject,
    text: `Welcome to ${PRODUCT}.\n\nYour verification code is: ${code}\n\nEnter it on the verification page to finish signing up. The code works once and expires in ${validMinutes} minutes.\n\nIf you did not create a ${PRODUCT} account, you can ignore this email.`,
    html: layout({
      title: subject,
      bodyHtml: `<p>Welcome to ${PRODUCT}. Enter this code on the verification page to finish signing up:</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:24px 0;font-family:ui-monospace,Menlo,Consolas,monospace;">${escapeHtml(code)}</p>
<p>The code works once and expires in ${validMinutes} minutes.</p>`,
    }),
  };
}

export function passwordResetMail(to: string, link: string, validMinutes: number): MailMessage {
  const subject = `Reset your ${PRODUCT} password`;
  return {
    to,
    subject,
    text: `Someone (hopefully you) asked to reset the password of your ${PRODUCT} account.\n\nChoose a new password here: ${link}\n\nThe link works once and expires in ${validMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.`,
    html: layout({
      title: subject,
      bodyHtml: `<p>Someone (hopefully you) asked to reset the password of your ${PRODUCT} account.</p>
${button(link, 'Choose a new password')}
<p>The link works once and expires in ${validMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.</p>`,
    }),
  };
}

export function existingAccountMail(
  to: string,
  signInLink: string,
  resetLink: string,
): MailMessage {
  const subject = `Someone tried to sign up to ${PRODUCT} with your email`;
  return {
    to,
    subject,
    text: `Someone tried to create a new ${PRODUCT} account with this email address, but you already have one.\n\nIf it was you, sign in here: ${signInLink}\nForgot your password? Reset it here: ${resetLink}\n\nIf it was not you, no action is needed: your account has not been changed.`,
    html: layout({
      title: subject,
      bodyHtml: `<p>Someone tried to create a new ${PRODUCT} account with this email address, but you already have one.</p>
${button(signInLink, 'Sign in')}
<p>Forgot your password? <a href="${escapeHtml(resetLink)}" style="color:#4f46e5;">Reset it</a>.</p>
<p>If it was not you, no action is needed: your account has not been changed.</p>`,
    }),
  };
}
