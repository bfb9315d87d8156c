import type { MailMessage } from '../../infra/mailer/mailer';

/** The vault's mails, in plain text and simple HTML (no user text goes into them). */

function html(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;">${p}</p>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parallax</title></head><body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2330;font-size:15px;line-height:1.6;max-width:520px;margin:32px auto;padding:0 12px;"><p style="font-size:20px;font-weight:700;">Parallax</p>${body}</body></html>`;
}

export function vaultLockoutMail(to: string, lockedMinutes: string, appUrl: string): MailMessage {
  const lines = [
    `Your Parallax vault received several wrong PINs in a row and is locked for ${lockedMinutes}.`,
    'If that was you, wait and try again. If it was not, someone may know your account password: change it now.',
    `Reset your vault PIN: ${appUrl}/vault/reset-pin`,
  ];
  return {
    to,
    subject: 'Your Parallax vault was locked after wrong PINs',
    text: lines.join('\n\n'),
    html: html(lines),
  };
}

export function vaultResetCodeMail(to: string, code: string, validMinutes: number): MailMessage {
  const lines = [
    `Your code to reset the vault PIN is ${code}. It is valid for ${validMinutes} minutes.`,
    'Resetting with this code ERASES everything in your vault. If you still have your recovery key, reset with it instead: your contents are kept.',
    'If you did not ask for this, ignore this mail: nothing changes.',
  ];
  return {
    to,
    subject: `${code} is your Parallax vault reset code`,
    text: lines.join('\n\n'),
    html: html(lines),
  };
}
