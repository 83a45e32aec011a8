/**
 * Outgoing mail (issue 3: nodemailer). With SMTP_URL set, mails go to that server; otherwise
 * (the embedded default) each message is written as an .eml file to MAIL_OUTBOX_DIR, named
 * `<ISO time>-<message id>.eml`, so a developer opens it in any mail client.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One message; `text` is required, `html` optional. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends `message`. Errors: rejects when the SMTP server refuses it or the outbox is not writable. */
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** smtp:// or smtps:// URL; when absent mails are written to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
}

/** Builds the mailer of the configuration (SMTP transport, or .eml files in the outbox folder). */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const id = String(info.messageId)
        .replace(/[^a-zA-Z0-9.@-]/g, '')
        .slice(0, 80);
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`,
      );
      await writeFile(file, info.message as Buffer);
    },
  };
}
