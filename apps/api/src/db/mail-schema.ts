/**
 * Drizzle schema of the transactional mail outbox (migration 0017_mail_outbox.sql;
 * docs/decisions/mail-outbox.md, code in modules/mail/outbox.ts).
 *
 * A row is one mail to send: inserted by `enqueueMail` inside the transaction of its business
 * event (so it exists iff the event committed), unique per `dedupe_key` (a repeated event never
 * enqueues twice), then claimed, rendered and sent by the outbox job of whichever api process.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** States of an outbox row: waiting (or retrying), sent, or given up after the last attempt. */
export type MailOutboxState = 'pending' | 'sent' | 'failed';

/** Who the mail is for: one customer address, or the staff (MAIL_STAFF_TO, resolved at send time). */
export type MailAudience = 'customer' | 'staff';

/** One mail to send (see the module comment). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** Unique per event and recipient, e.g. `order_confirmation:sale:42`. */
    dedupeKey: text('dedupe_key').notNull(),
    /** Template kind (modules/mail/outbox-templates.ts `OutboxKind`). */
    kind: text('kind').notNull(),
    audience: text('audience').$type<MailAudience>().notNull().default('customer'),
    /** Recipient address of a customer mail; null for staff mails (resolved when sent). */
    toAddress: text('to_address'),
    /** fr, nl or en: the recipient's locale when enqueued. */
    locale: text('locale').notNull().default('fr'),
    /** The recipient user, when there is one (no foreign key: the row outlives the user). */
    userId: integer('user_id'),
    /** Ids the template reads at send time (sale, picking, invoice, ...). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<MailOutboxState>().notNull().default('pending'),
    /** Send attempts made so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    /** Not claimed before this time (retry back-off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lease of the job run that claimed the row; another run may claim it only after this time. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Random token of the current claim: only its holder may mark the row sent or failed. */
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_key_uq').on(t.dedupeKey),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} = 'pending'`),
  ],
);
