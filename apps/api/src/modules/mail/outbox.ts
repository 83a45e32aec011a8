/**
 * Transactional mail outbox (docs/decisions/mail-outbox.md): the shop tells customers (in their
 * locale) and staff what happened to orders, documents, backorders, applications and small ads,
 * each mail sent once.
 *
 * - `enqueueMail(tx, event)` is called INSIDE the transaction of the business event: it inserts
 *   the event's outbox rows (`mail_outbox`), so a mail exists iff its event committed. Each row has
 *   a dedupe key per event and recipient (`order_confirmation:sale:42`); `ON CONFLICT DO NOTHING`
 *   makes a repeated event enqueue nothing more. A customer without an email gets no row.
 * - `runMailOutbox(db, deps)` is the sender job (every api process runs it, outbox-job.ts): it
 *   claims due rows with `SELECT … FOR UPDATE SKIP LOCKED` (two processes never claim the same
 *   row) and stamps them with a lease and a claim token; renders each (outbox-content.ts), hands
 *   it to the transport, and only after the transport answered marks it sent (checking its claim
 *   token). A failure is retried with exponential back-off up to `maxAttempts`, then the row is
 *   `failed` for an operator to look at.
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '@vetshop/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Mailer } from './mailer.ts';
import { mailLocale } from './templates.ts';
import { buildOutboxMail, PermanentMailError } from './outbox-content.ts';

/**
 * A business event that mails someone. Ids are database ids; `moderatedAt` (ms since epoch) tells
 * two moderations of the same small ad apart.
 */
export type OutboxEvent =
  | { kind: 'order_confirmation'; saleId: number; userId: number }
  | { kind: 'shipment'; saleId: number; pickingId: number }
  | { kind: 'invoice_issued'; saleId: number; invoiceId: number }
  | { kind: 'credit_note'; saleId: number; invoiceId: number }
  | { kind: 'backorder_cancelled'; cancellationId: number; userId: number }
  | { kind: 'registration_new'; registrationId: number }
  | { kind: 'registration_approved'; registrationId: number; userId: number }
  | { kind: 'registration_refused'; registrationId: number }
  /**
   * An application for an address that already has an account (`userId`) or an application
   * awaiting review (`registrationId`): the form answers as for a fresh one and the owner of the
   * address is told by mail instead (docs/decisions/account-enumeration-and-tokens.md). At most
   * one such mail per address and UTC day (`day`, YYYY-MM-DD).
   */
  | {
      kind: 'registration_duplicate';
      email: string;
      day: string;
      userId: number | null;
      registrationId: number | null;
    }
  | { kind: 'ad_published'; adId: number; moderatedAt: number }
  | { kind: 'ad_refused'; adId: number; moderatedAt: number };

/** Template kinds of outbox rows (a staff copy has its own template). */
export type OutboxKind =
  | 'order_confirmation'
  | 'staff_new_order'
  | 'shipment'
  | 'invoice_issued'
  | 'credit_note'
  | 'backorder_cancelled'
  | 'staff_new_registration'
  | 'registration_approved'
  | 'registration_refused'
  | 'registration_account_exists'
  | 'registration_already_pending'
  | 'ad_published'
  | 'ad_refused';

/** One row to insert: its key, template and recipient. */
interface PlannedRow {
  dedupeKey: string;
  kind: OutboxKind;
  audience: 'customer' | 'staff';
  payload: Record<string, unknown>;
  recipient?: Recipient | null;
}

interface Recipient {
  userId: number | null;
  email: string;
  locale: string;
}

// ---------------------------------------------------------------------------------------------
// Recipients

async function userRecipient(conn: DbOrTx, userId: number | null): Promise<Recipient | null> {
  if (userId === null) return null;
  const r = await conn.execute<{ id: number; email: string; locale: string }>(
    sql`SELECT id, email, locale FROM users WHERE id = ${userId}`,
  );
  const u = r.rows[0];
  return u ? { userId: Number(u.id), email: u.email, locale: u.locale } : null;
}

/** The customer's oldest active user with an email (orders entered without a user, ads of a gone user). */
async function customerRecipient(conn: DbOrTx, customerId: number): Promise<Recipient | null> {
  const r = await conn.execute<{ id: number }>(sql`
    SELECT id FROM users WHERE customer_id = ${customerId} AND active AND email <> ''
    ORDER BY id LIMIT 1`);
  return r.rows[0] ? userRecipient(conn, Number(r.rows[0].id)) : null;
}

/** Who is told about a sale: the user who ordered it, else the customer's first user. */
async function saleRecipient(conn: DbOrTx, saleId: number): Promise<Recipient | null> {
  const r = await conn.execute<{ user_id: number | null; customer_id: number }>(
    sql`SELECT user_id, customer_id FROM sales WHERE id = ${saleId}`,
  );
  const s = r.rows[0];
  if (!s) return null;
  return (
    (s.user_id !== null ? await userRecipient(conn, Number(s.user_id)) : null) ??
    customerRecipient(conn, Number(s.customer_id))
  );
}

async function plan(conn: DbOrTx, event: OutboxEvent): Promise<PlannedRow[]> {
  switch (event.kind) {
    case 'order_confirmation':
      return [
        {
          dedupeKey: `order_confirmation:sale:${event.saleId}`,
          kind: 'order_confirmation',
          audience: 'customer',
          payload: { saleId: event.saleId },
          recipient: await userRecipient(conn, event.userId),
        },
        {
          dedupeKey: `staff_new_order:sale:${event.saleId}`,
          kind: 'staff_new_order',
          audience: 'staff',
          payload: { saleId: event.saleId },
        },
      ];
    case 'shipment':
      return [
        {
          dedupeKey: `shipment:picking:${event.pickingId}`,
          kind: 'shipment',
          audience: 'customer',
          payload: { saleId: event.saleId, pickingId: event.pickingId },
          recipient: await saleRecipient(conn, event.saleId),
        },
      ];
    case 'invoice_issued':
    case 'credit_note':
      return [
        {
          dedupeKey: `${event.kind}:invoice:${event.invoiceId}`,
          kind: event.kind,
          audience: 'customer',
          payload: { saleId: event.saleId, invoiceId: event.invoiceId },
          recipient: await saleRecipient(conn, event.saleId),
        },
      ];
    case 'backorder_cancelled':
      return [
        {
          dedupeKey: `backorder_cancelled:cancellation:${event.cancellationId}`,
          kind: 'backorder_cancelled',
          audience: 'customer',
          payload: { cancellationId: event.cancellationId },
          recipient: await userRecipient(conn, event.userId),
        },
      ];
    case 'registration_new':
      return [
        {
          dedupeKey: `staff_new_registration:registration:${event.registrationId}`,
          kind: 'staff_new_registration',
          audience: 'staff',
          payload: { registrationId: event.registrationId },
        },
      ];
    case 'registration_approved':
      return [
        {
          dedupeKey: `registration_approved:registration:${event.registrationId}`,
          kind: 'registration_approved',
          audience: 'customer',
          payload: { registrationId: event.registrationId, userId: event.userId },
          recipient: await userRecipient(conn, event.userId),
        },
      ];
    case 'registration_refused': {
      const r = await conn.execute<{ email: string; locale: string }>(
        sql`SELECT email, locale FROM registrations WHERE id = ${event.registrationId}`,
      );
      const reg = r.rows[0];
      return [
        {
          dedupeKey: `registration_refused:registration:${event.registrationId}`,
          kind: 'registration_refused',
          audience: 'customer',
          payload: { registrationId: event.registrationId },
          recipient: reg ? { userId: null, email: reg.email, locale: reg.locale } : null,
        },
      ];
    }
    case 'registration_duplicate': {
      const dedupe = `registration_duplicate:${event.email.toLowerCase()}:${event.day}`;
      if (event.userId !== null) {
        return [
          {
            dedupeKey: dedupe,
            kind: 'registration_account_exists',
            audience: 'customer',
            payload: { userId: event.userId },
            recipient: await userRecipient(conn, event.userId),
          },
        ];
      }
      const r = await conn.execute<{ email: string; locale: string }>(
        sql`SELECT email, locale FROM registrations WHERE id = ${event.registrationId}`,
      );
      const reg = r.rows[0];
      return [
        {
          dedupeKey: dedupe,
          kind: 'registration_already_pending',
          audience: 'customer',
          payload: { registrationId: event.registrationId },
          recipient: reg ? { userId: null, email: reg.email, locale: reg.locale } : null,
        },
      ];
    }
    case 'ad_published':
    case 'ad_refused': {
      const r = await conn.execute<{ user_id: number | null; customer_id: number }>(
        sql`SELECT user_id, customer_id FROM classified_ads WHERE id = ${event.adId}`,
      );
      const ad = r.rows[0];
      const recipient = ad
        ? ((ad.user_id !== null ? await userRecipient(conn, Number(ad.user_id)) : null) ??
          (await customerRecipient(conn, Number(ad.customer_id))))
        : null;
      return [
        {
          dedupeKey: `${event.kind}:ad:${event.adId}:${event.moderatedAt}`,
          kind: event.kind,
          audience: 'customer',
          payload: { adId: event.adId },
          recipient,
        },
      ];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Enqueue

/**
 * Process-wide signal "rows were enqueued": the outbox job of this process (outbox-job.ts) runs
 * soon after, instead of waiting for its interval.
 */
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(50);

/**
 * Enqueues the mails of `event` (modules/mail/outbox.ts module comment). Call it inside the
 * transaction `tx` of the event, after the rows it names were written. Customer mails go to the
 * user concerned (email and locale read now); no row when that user has no email. Staff mails go
 * to MAIL_STAFF_TO (resolved when sent). A repeated event (same dedupe key) inserts nothing.
 * Returns the number of rows inserted. Errors: only database errors (they abort the event's
 * transaction, as they should).
 */
export async function enqueueMail(tx: DbOrTx, event: OutboxEvent): Promise<number> {
  let inserted = 0;
  for (const row of await plan(tx, event)) {
    if (row.audience === 'customer' && !row.recipient?.email.trim()) continue;
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO mail_outbox (dedupe_key, kind, audience, to_address, locale, user_id, payload)
      VALUES (${row.dedupeKey}, ${row.kind}, ${row.audience}, ${row.recipient?.email.trim() ?? null},
              ${row.recipient ? mailLocale(row.recipient.locale) : DEFAULT_LOCALE},
              ${row.recipient?.userId ?? null}, ${JSON.stringify(row.payload)}::jsonb)
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING id`);
    inserted += r.rows.length;
  }
  if (inserted > 0) outboxSignal.emit('enqueued');
  return inserted;
}

// ---------------------------------------------------------------------------------------------
// Sender job

/** What the job needs besides the database. */
export interface OutboxJobDeps {
  mailer: Mailer;
  /** Public origin of the web shop for links (no trailing slash). */
  siteUrl: string;
  /** MAIL_STAFF_TO (comma-separated); when empty, the active staff users' emails. */
  staffTo?: string;
  /** Attempts before a row is given up (`failed`); default DEFAULT_MAX_ATTEMPTS. */
  maxAttempts?: number;
  /** First retry delay in ms, doubled at each attempt (default 60 000, capped at 6 h). */
  retryBaseMs?: number;
  /** Claim lease in ms (default CLAIM_LEASE_MS). */
  leaseMs?: number;
}

/** Options of one run. */
export interface OutboxRunOptions {
  /** Only these dedupe keys (send one event's mails right away). */
  keys?: string[];
  /** Rows claimed per statement (default 20). */
  batchSize?: number;
  /** Most rows handled in one run (default 500). */
  maxRows?: number;
}

/** What one run did: rows sent, rows to retry later, rows given up. */
export interface OutboxRunResult {
  sent: number;
  retried: number;
  failed: number;
}

/** Default number of send attempts of a row before it is `failed` (≈ 4 h 15 of retries). */
export const DEFAULT_MAX_ATTEMPTS = 8;
/** Default first retry delay: 1 minute (then 2, 4, 8 … minutes, capped at 6 hours). */
export const DEFAULT_RETRY_BASE_MS = 60_000;
/** Cap of the retry delay: 6 hours. */
export const MAX_RETRY_DELAY_MS = 6 * 3600_000;
/**
 * Claim lease: 10 minutes. Far above one render and send (the SMTP transport gives up after at
 * most 2 minutes, mailer.ts), so a lease runs out only when its process died.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;

/** Delay before attempt `attempts + 1` after `attempts` failed ones: base · 2^(attempts−1), capped. */
export function retryDelayMs(attempts: number, baseMs = DEFAULT_RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** A claimed row. */
export type OutboxRow = {
  id: number;
  dedupe_key: string;
  kind: OutboxKind;
  audience: 'customer' | 'staff';
  to_address: string | null;
  locale: string;
  user_id: number | null;
  payload: Record<string, unknown>;
  attempts: number;
};

/** Claims up to `limit` due rows for `token` (one statement: SKIP LOCKED select + lease update). */
async function claim(
  db: Db,
  token: string,
  limit: number,
  leaseMs: number,
  keys?: string[],
): Promise<OutboxRow[]> {
  const only: SQL = keys?.length
    ? sql`AND dedupe_key IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  const r = await db.execute<OutboxRow>(sql`
    UPDATE mail_outbox
    SET attempts = attempts + 1,
        claimed_until = now() + ${leaseMs} * interval '1 millisecond',
        claim_token = ${token}
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE state = 'pending' AND next_attempt_at <= now()
        AND (claimed_until IS NULL OR claimed_until < now()) ${only}
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, dedupe_key, kind, audience, to_address, locale, user_id, payload, attempts`);
  return r.rows
    .map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }))
    .sort((a, b) => a.id - b.id);
}

/** Stable Message-ID of a row's mail (the same on a resend after a crash). */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'dedupe_key'>): string {
  return `<${row.dedupe_key.replace(/[^a-zA-Z0-9_.-]/g, '.')}.${row.id}@outbox.vetshop>`;
}

/**
 * One run of the sender job: claims due rows batch by batch and sends each (module comment).
 * Safe to run at the same time in several processes or app instances. Failures are recorded on
 * the rows, never thrown; database errors are.
 */
export async function runMailOutbox(
  db: Db,
  deps: OutboxJobDeps,
  options: OutboxRunOptions = {},
): Promise<OutboxRunResult> {
  const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0 };
  const token = randomUUID();
  const batchSize = options.batchSize ?? 20;
  const maxRows = options.maxRows ?? 500;
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  let handled = 0;
  while (handled < maxRows) {
    const rows = await claim(
      db,
      token,
      Math.min(batchSize, maxRows - handled),
      deps.leaseMs ?? CLAIM_LEASE_MS,
      options.keys,
    );
    if (rows.length === 0) break;
    handled += rows.length;
    for (const row of rows) {
      try {
        const mail = await buildOutboxMail(db, row, deps);
        await deps.mailer.send({ ...mail, messageId: outboxMessageId(row) });
        await db.execute(sql`
          UPDATE mail_outbox SET state = 'sent', sent_at = now(), claimed_until = NULL, last_error = NULL
          WHERE id = ${row.id} AND claim_token = ${token}`);
        result.sent += 1;
      } catch (err) {
        const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
        const giveUp = err instanceof PermanentMailError || row.attempts >= maxAttempts;
        const delay = retryDelayMs(row.attempts, deps.retryBaseMs);
        await db.execute(sql`
          UPDATE mail_outbox
          SET state = ${giveUp ? 'failed' : 'pending'}, last_error = ${message}, claimed_until = NULL,
              next_attempt_at = now() + ${delay} * interval '1 millisecond'
          WHERE id = ${row.id} AND claim_token = ${token}`);
        if (giveUp) result.failed += 1;
        else result.retried += 1;
      }
    }
    if (rows.length < batchSize) break;
  }
  return result;
}
