/**
 * HTTP routes of promo-end alerts (docs/product/customer-area.md#promo-subscription-calls: GET promo_subscriptions, POST
 * promo_subscriptions {product_id}, DELETE promo_subscriptions/{productId}) and the staff trigger
 * of the alert job (POST staff/jobs/promo_alerts/run, our addition for tests and operations),
 * plus the job's scheduler (docs/decisions/promo-end-alerts.md).
 *
 * Subscriptions belong to the signed-in customer user: 401 guests, 403 staff; another user's
 * subscription is never listed and deleting it answers 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  promoAlertRunInputSchema,
  promoAlertRunSchema,
  promoSubscriptionInputSchema,
  promoSubscriptionListSchema,
  promoSubscriptionSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { idSchema, problemReplies, requireCustomer } from '../../http/index.ts';
import { guard, siteUrlOf } from '../auth/index.ts';
import { promoViewerOf } from '../promotions/index.ts';
import {
  DEFAULT_PROMO_ALERT_LEAD_DAYS,
  listSubscriptions,
  runPromoAlerts,
  subscribe,
  unsubscribe,
} from './service.ts';

/** Settings of the promo-end alert job (buildApp option `promoAlerts`). */
export interface PromoAlertSettings {
  /** Days before a promotion's last day from which subscribers are mailed (default 7). */
  leadDays?: number;
  /** Interval of the scheduled runs in ms; 0 or absent: no scheduled runs (tests). */
  intervalMs?: number;
  /** Delay of the first scheduled run after start, in ms (default 30 s). */
  initialDelayMs?: number;
}

const errors = problemReplies(400, 401, 403, 404);
const productParams = z.object({ productId: idSchema });

/** Registers the promo subscription routes, the staff job trigger and (when asked) the scheduler. */
export const promoAlertRoutes: FastifyPluginAsync<{ db: Db; settings: PromoAlertSettings }> = async (
  instance,
  { db, settings },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['promo subscriptions'];
  const leadDays = settings.leadDays ?? DEFAULT_PROMO_ALERT_LEAD_DAYS;
  const run = (asOf?: string) =>
    runPromoAlerts(db, instance.mailer, { leadDays, siteUrl: siteUrlOf(instance), asOf });

  app.get(
    '/promo_subscriptions',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The user's promo-end alert subscriptions",
        description:
          'docs/product/customer-area.md#promo-subscription-calls GET promo_subscriptions: `data` holds `{product_id}` (variant ids), oldest first.',
        response: { 200: promoSubscriptionListSchema, ...errors },
      },
    },
    async (request) => listSubscriptions(db, requireCustomer(request).user.id),
  );

  app.post(
    '/promo_subscriptions',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Subscribe to the promo-end alert of a product',
        description: `docs/product/customer-area.md#promo-subscription-calls POST promo_subscriptions {product_id}: the user is mailed (in their language) ${DEFAULT_PROMO_ALERT_LEAD_DAYS} days (configurable) before a promotion of the product that they can see ends. Idempotent: 201 when new, 200 when already subscribed. 404 \`not_found\` for an unknown or hidden product, 400 for a bad body.`,
        body: promoSubscriptionInputSchema,
        response: { 200: promoSubscriptionSchema, 201: promoSubscriptionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = requireCustomer(request);
      const created = await subscribe(db, promoViewerOf(request), user.id, request.body.product_id);
      return reply.code(created ? 201 : 200).send({ product_id: request.body.product_id });
    },
  );

  app.delete(
    '/promo_subscriptions/:productId',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Unsubscribe from the promo-end alert of a product',
        description:
          'docs/product/customer-area.md#promo-subscription-calls DELETE promo_subscriptions/{productId}: 204 when removed; 404 `not_found` when the user has no subscription for it.',
        params: productParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await unsubscribe(db, requireCustomer(request).user.id, request.params.productId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/jobs/promo_alerts/run',
    {
      onRequest: guard.staff,
      schema: {
        tags: ['staff'],
        summary: 'Staff: run the promo-end alert job now',
        description:
          'Runs the scheduled job once (our addition, for operations and tests): mails each subscriber once per promotion ending within the lead time. `as_of` (optional ISO day) runs it as of that business day. `ran: false` when another process was running it.',
        body: promoAlertRunInputSchema,
        response: { 200: promoAlertRunSchema, ...errors },
      },
    },
    async (request) => run(request.body?.as_of),
  );

  const intervalMs = settings.intervalMs ?? 0;
  if (intervalMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = run()
        .then((result) => {
          if (result.mailed || result.failed) instance.log.info(result, 'promo-end alerts sent');
        })
        .catch((err: unknown) => instance.log.error({ err }, 'promo-end alert job failed'))
        .finally(() => {
          running = null;
        });
    };
    instance.addHook('onReady', async () => {
      timer = setTimeout(function again() {
        tick();
        timer = setTimeout(again, intervalMs);
        timer.unref();
      }, settings.initialDelayMs ?? 30_000);
      timer.unref();
    });
    instance.addHook('onClose', async () => {
      if (timer) clearTimeout(timer);
      await running;
    });
  }
};
