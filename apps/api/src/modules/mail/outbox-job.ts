/**
 * The outbox sender job of an api process (docs/decisions/mail-outbox.md, modules/mail/outbox.ts):
 * decorates the app with `mailOutbox` (run the job now, or only some dedupe keys) and, when an
 * interval is set (MAIL_OUTBOX_INTERVAL_MS), runs it on that interval and right after this process
 * enqueued mails: on the response of the request that enqueued them (its transaction has committed
 * by then) and, for enqueues outside a request, after a short delay. One run at a time per app;
 * runs of several processes share the rows safely (SKIP LOCKED claims).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { siteUrlOf } from '../auth/index.ts';
import {
  outboxSignal,
  runMailOutbox,
  type OutboxJobDeps,
  type OutboxRunOptions,
  type OutboxRunResult,
} from './outbox.ts';

/** Settings of the outbox job (buildApp option `mailOutbox`). */
export interface MailOutboxSettings {
  /** Interval of the scheduled runs in ms; 0 or absent: no scheduled runs and no kicks (tests run it by hand). */
  intervalMs?: number;
  /** Delay of a kick after an enqueue outside a request, in ms (default 200). */
  kickDelayMs?: number;
  /** MAIL_STAFF_TO (default: buildApp's `leads.staffTo`). */
  staffTo?: string;
  /** Attempts before a row is given up (default 8). */
  maxAttempts?: number;
  /** First retry delay in ms (default 60 000, doubled per attempt). */
  retryBaseMs?: number;
}

/** The job handle on the app. */
export interface MailOutboxHandle {
  /**
   * Runs the job once now (after any run in progress): sends due rows, or only `options.keys`.
   * Resolves with what it did. Errors: database errors.
   */
  run(options?: OutboxRunOptions): Promise<OutboxRunResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The transactional mail outbox job (modules/mail/outbox-job.ts). */
    mailOutbox: MailOutboxHandle;
  }
}

/** Registers `app.mailOutbox` and, with an interval, the scheduler and the kicks. */
export const mailOutboxPlugin = fp<{ db: Db; settings: MailOutboxSettings }>(
  async (instance: FastifyInstance, { db, settings }) => {
    const deps = (): OutboxJobDeps => ({
      mailer: instance.mailer,
      siteUrl: siteUrlOf(instance),
      staffTo: settings.staffTo,
      maxAttempts: settings.maxAttempts,
      retryBaseMs: settings.retryBaseMs,
    });
    // Runs are chained: one at a time in this app.
    let chain: Promise<unknown> = Promise.resolve();
    const run = (options?: OutboxRunOptions): Promise<OutboxRunResult> => {
      const next = chain.then(() => runMailOutbox(db, deps(), options));
      chain = next.catch(() => undefined);
      return next;
    };
    instance.decorate('mailOutbox', { run });

    const intervalMs = settings.intervalMs ?? 0;
    if (intervalMs <= 0) return;
    let closed = false;
    let running = false;
    let again = false;
    let dirty = false;
    let interval: NodeJS.Timeout | undefined;
    let delayed: NodeJS.Timeout | undefined;
    /** A background run; asked during one, it runs once more right after. */
    const tick = () => {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      dirty = false;
      void run()
        .then((r) => {
          if (r.sent || r.retried || r.failed) instance.log.info(r, 'mail outbox run');
        })
        .catch((err: unknown) => instance.log.error({ err }, 'mail outbox run failed'))
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            tick();
          }
        });
    };
    const onEnqueued = () => {
      dirty = true;
      if (delayed) return;
      delayed = setTimeout(() => {
        delayed = undefined;
        tick();
      }, settings.kickDelayMs ?? 200);
      delayed.unref();
    };
    outboxSignal.on('enqueued', onEnqueued);
    // The request that enqueued has committed when its response is sent.
    instance.addHook('onResponse', async () => {
      if (dirty) tick();
    });
    instance.addHook('onReady', async () => {
      interval = setInterval(tick, intervalMs);
      interval.unref();
      tick();
    });
    instance.addHook('onClose', async () => {
      closed = true;
      outboxSignal.off('enqueued', onEnqueued);
      if (interval) clearInterval(interval);
      if (delayed) clearTimeout(delayed);
      await chain;
    });
  },
  { name: 'mail-outbox' },
);
