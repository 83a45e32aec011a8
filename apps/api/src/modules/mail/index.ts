/**
 * Public surface of the mail module: the outbox of mails to send (`mail_outbox`). Other modules
 * import only this file.
 *
 * - Queue a mail: `enqueueMail` (outbox.ts). The sender job (outbox-job.ts) is registered by app.ts
 *   directly, so that loading this surface does not load the job and its imports.
 * - Transport: `createMailer`, `Mailer` (mailer.ts).
 * - Templates: `renderMail`, `mailLocale`, `escapeHtml`, `MailKind`, `RenderedMail`, the mails'
 *   closing line `SIGNATURE` (signature.ts).
 */
// First: read by modules that the outbox's imports load (docs in signature.ts).
export { SIGNATURE } from './signature.ts';
export { enqueueMail } from './outbox.ts';
export { createMailer, type Mailer } from './mailer.ts';
export { escapeHtml, mailLocale, renderMail, type MailKind, type RenderedMail } from './templates.ts';
