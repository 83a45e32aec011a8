/**
 * Outgoing mail (docs/product/accounts.md#auth-calls: nodemailer). With SMTP_URL set, mails go to that server; otherwise
 * (the embedded default) each message is written as an .eml file to MAIL_OUTBOX_DIR, named
 * `<ISO time>-<message id>.eml`, so a developer opens it in any mail client. Messages may carry
 * attachments (the invoice PDF of the outbox mails, modules/mail/outbox.ts).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A file attached to a message (e.g. the PDF of an invoice). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * One message; `text` is required, `html` optional. `messageId` (`<id@host>`) is stable for a
 * mail of the outbox, so that a mail sent again after a crash can be recognised as the same one.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  messageId?: string;
}

export interface Mailer {
  /** Sends `message`. Errors: rejects when the SMTP server refuses it or the outbox is not writable. */
  send(message: MailMessage): Promise<void>;
  /**
   * The Reply-To every message carries (MAIL_REPLY_TO), when replies reach someone; absent when
   * the sender is a no-reply address, so a mail must not invite the reader to reply.
   */
  readonly replyTo?: string;
}

export interface MailerOptions {
  from: string;
  /** Reply-To of every message (MAIL_REPLY_TO: the address that reads customers' replies). */
  replyTo?: string;
  /** smtp:// or smtps:// URL; when absent mails are written to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
}

/** Builds the mailer of the configuration (SMTP transport, or .eml files in the outbox folder). */
export function createMailer(options: MailerOptions): Mailer {
  const replyTo = options.replyTo ? { replyTo: options.replyTo } : {};
  const envelope = { from: options.from, ...replyTo };
  if (options.smtpUrl) {
    // Timeouts well under the outbox claim lease (modules/mail/outbox.ts), so that a hung server
    // fails the attempt instead of letting another process send the same mail.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      ...replyTo,
      async send(message) {
        await transport.sendMail({ ...envelope, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    ...replyTo,
    async send(message) {
      const info = await transport.sendMail({ ...envelope, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const id = String(info.messageId)
        .replace(/[^a-zA-Z0-9.@-]/g, '')
        .slice(0, 80);
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`,
      );
      // Written aside then renamed: a reader of the folder never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
    },
  };
}
