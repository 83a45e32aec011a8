/**
 * Builds the Fastify application from plugins and modules: no listen here, so
 * tests drive it with `app.inject`. zod validates requests and serialises responses
 * (fastify-type-provider-zod), except the answers built field by field, sent as they are and
 * checked against their schema in tests (http/answers.ts); the same schemas feed the OpenAPI document (GET /openapi.json,
 * reference UI at /docs). Errors are problem+json (errors.ts).
 */
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './db/client.ts';
import { badRequest, installErrorHandlers, problem, sendProblem } from './errors.ts';
import { answerSerializerCompiler, checkBuiltAnswers } from './http/answers.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { browseFacetsPrimed } from './modules/catalog/index.ts';
import { catalogVersionRoutes } from './modules/catalog-version/routes.ts';
import { sessionPlugin, type AuthOptions, type BearerVerifier } from './modules/auth/index.ts';
import { oidcRoutes } from './modules/auth/oidc-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createMailer, type Mailer } from './modules/mail/index.ts';
import { mailOutboxPlugin, type MailOutboxSettings } from './modules/mail/outbox-job.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { registrationRoutes } from './modules/registrations/routes.ts';
import { salesRoutes } from './modules/sales/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { paymentRoutes } from './modules/payment/routes.ts';
import type { PaymentOptions } from './modules/payment/providers.ts';
import { cartRoutes } from './modules/carts/routes.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import { promoAlertRoutes, type PromoAlertSettings } from './modules/promo-alerts/routes.ts';
import { statisticsRoutes } from './modules/statistics/routes.ts';
import { backorderRoutes } from './modules/backorders/routes.ts';
import { wishlistRoutes } from './modules/wishlists/routes.ts';
import { leadRoutes } from './modules/leads/routes.ts';
import type { LeadSettings } from './modules/leads/index.ts';
import { classifiedAdRoutes } from './modules/classified-ads/routes.ts';
import { cmsRoutes } from './modules/cms/routes.ts';
import { auditPlugin } from './modules/audit/hook.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { stockRoutes } from './modules/stock/routes.ts';
import { cartDeliveryRoutes } from './modules/carts/delivery-routes.ts';
import { staffCustomerRoutes } from './modules/staff-customers/routes.ts';
import { couponRoutes } from './modules/coupons/routes.ts';
import { imageRoutes } from './modules/images/routes.ts';
import { restrictionRoutes } from './modules/restrictions/routes.ts';
import { csrfHook, parseAllowedOrigins, securityHeaders } from './http/index.ts';
import type { CatalogImportOptions } from './modules/staff/index.ts';

export interface BuildAppOptions {
  /**
   * Which proxies' X-Forwarded-For to trust for `request.ip` (sign-in rate limit per address):
   * Fastify's `trustProxy` (default 'loopback': the web server's /api proxy on the same host).
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The opened database (see db/client.ts `openDatabase`). */
  db: Database;
  /** Fastify/pino logger options; `false` (default) for tests. */
  logger?: FastifyServerOptions['logger'];
  /** Auth mode and session settings (default: credentials, 10-day sessions, localhost). */
  auth?: AuthOptions;
  /** Outgoing mail (default: .eml files in `<tmp>/vetshop-outbox`). */
  mailer?: Mailer;
  /**
   * Verifier of the identity provider's access tokens (modules/auth/oidc.ts), for AUTH_TYPE oidc
   * and oidc-token: it becomes `auth.verifyBearer`, and the oidc modes get POST /auth/signin|signout.
   */
  oidc?: BearerVerifier;
  /** Payment settings: Stripe card payments when configured (default: none). */
  payment?: PaymentOptions;
  /**
   * Promo-end alert job (modules/promo-alerts): lead time in days (default 7) and the interval of
   * its scheduled runs (default none: tests run it through POST /staff/jobs/promo_alerts/run).
   */
  promoAlerts?: PromoAlertSettings;
  /** Contact requests (modules/leads): MAIL_STAFF_TO, the staff addresses (default: the staff users' emails). */
  leads?: LeadSettings;
  /**
   * Transactional mail outbox job (modules/mail/outbox-job.ts): interval of its scheduled runs
   * (default none: tests run it through `app.mailOutbox.run()`), retry policy; staff mails go to
   * `leads.staffTo` unless `staffTo` is given.
   */
  mailOutbox?: MailOutboxSettings;
  /** Staff catalogue import (modules/staff/import.ts): catalogue folder, or a replacement importer in tests. */
  catalogImport?: CatalogImportOptions;
  /**
   * Origins allowed on cookie-authenticated changes besides SITE_URL and the api's own (http/csrf.ts);
   * default: the CSRF_ALLOWED_ORIGINS environment variable (comma-separated origins).
   */
  csrfAllowedOrigins?: string[];
  /**
   * Whether the answers built field by field (http/answers.ts `builtAnswer`) are checked against
   * their response schema; default `checkBuiltAnswers()`: under Vitest and with API_CHECK_ANSWERS=1.
   */
  checkAnswers?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail of the app (modules/mail/mailer.ts). */
    mailer: Mailer;
    /**
     * Every route of the app as `{method, url}` (HEAD and OPTIONS left out), collected as routes
     * are registered: the authorization-matrix test checks that each one is classified.
     */
    routeTable: { method: string; url: string }[];
    /** The app's Drizzle database (modules reach it from `app`, e.g. account mails). */
    db: Database['db'];
  }
}

/** Control characters (C0, DEL, C1) are refused in query strings and path parameters (400). */
const CONTROL_CHARS = /\p{Cc}/u;

function hasControlChars(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_CHARS.test(value);
  if (Array.isArray(value)) return value.some(hasControlChars);
  if (value && typeof value === 'object') return Object.values(value).some(hasControlChars);
  return false;
}

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** Number of product models in the catalogue. */
  products: z.number().int(),
  /**
   * Whether the guest category pages' facet counts were primed since start (modules/catalog
   * browse-facets.ts); the api answers before too, counting what a request needs.
   */
  browse_facets_primed: z.boolean(),
});

/**
 * Builds the app: zod compilers, OpenAPI, problem+json errors, GET /health and the catalogue routes.
 * The caller owns the database (closes it after `app.close()`).
 */
export async function buildApp({
  db,
  trustProxy = 'loopback',
  logger = false,
  auth = { type: 'credentials' },
  mailer = createMailer({
    from: 'VetShop <no-reply@vetshop.localhost>',
    outboxDir: path.join(os.tmpdir(), 'vetshop-outbox'),
  }),
  oidc,
  payment = {},
  promoAlerts = {},
  leads = {},
  mailOutbox = {},
  catalogImport = {},
  csrfAllowedOrigins = parseAllowedOrigins(process.env.CSRF_ALLOWED_ORIGINS),
  checkAnswers = checkBuiltAnswers(),
}: BuildAppOptions): Promise<FastifyInstance> {
  if (oidc && (auth.type === 'oidc' || auth.type === 'oidc-token') && !auth.verifyBearer)
    auth = { ...auth, verifyBearer: oidc };
  const app = Fastify({
    logger,
    trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // Errors raised before routing (malformed percent-encoding, bad content type) are problems too.
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      void sendProblem(reply, problem(status, 'bad_request', 'Bad request', error.message.slice(0, 300)));
    },
  }).withTypeProvider<ZodTypeProvider>();
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && method !== 'OPTIONS') routeTable.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ check: checkAnswers }));
  installErrorHandlers(app);

  app.addHook('preValidation', async (request) => {
    if (hasControlChars(request.query) || hasControlChars(request.params)) {
      throw badRequest('Control characters are not allowed in parameters.');
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vetshop api',
        version: '0.1.0',
        description:
          'Back office and catalogue search of the veterinary wholesale shop. Money is EUR excl. VAT unless named *_incl_tax. Errors are application/problem+json {type, title, status, detail, code}.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  /** GET /health: liveness and readiness; 503 `service_unavailable` when the database is unreachable. */
  app.get(
    '/health',
    {
      schema: {
        summary: 'Health: status, database kind, number of product models, guest browse facets primed',
        tags: ['system'],
        response: { 200: healthSchema },
      },
    },
    async () => {
      const rows = await db.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
      return {
        status: 'ok' as const,
        database: db.kind,
        products: Number(rows.rows[0]?.n ?? 0),
        browse_facets_primed: browseFacetsPrimed(db.db),
      };
    },
  );

  app.decorate('mailer', mailer);
  app.decorate('db', db.db);
  // CSRF (http/csrf.ts): cookie-authenticated changes from another site → 403 `csrf`, before any session lookup.
  app.addHook('onRequest', csrfHook({ siteUrl: auth.siteUrl, allowedOrigins: csrfAllowedOrigins }));
  // Security headers of every answer (http/security-headers.ts): nosniff, no framing, CSP, no-store when signed in.
  app.addHook('onSend', securityHeaders);
  await app.register(sessionPlugin, { db: db.db, auth });
  // Transactional mails (app.mailOutbox), before the modules whose events enqueue them.
  await app.register(mailOutboxPlugin, {
    db: db.db,
    settings: { staffTo: leads.staffTo, ...mailOutbox },
  });
  // Staff audit log: an app-wide hook, registered before every module (docs/product/back-office.md).
  await app.register(auditPlugin, { db: db.db });
  if (oidc) await app.register(oidcRoutes, { verifier: oidc, db: db.db });
  await app.register(authRoutes);
  await app.register(catalogRoutes, {
    db: db.db,
    genericPlans: db.genericPlans ?? db.db,
    checkAnswers,
  });
  await app.register(catalogVersionRoutes, { db: db.db });
  await app.register(settingsRoutes);
  await app.register(promotionRoutes, { db: db.db, accounts: auth.type !== 'none' });
  // Contact forms and leads: guests may write without accounts; staff routes need an auth mode.
  await app.register(leadRoutes, { db: db.db, settings: leads, staff: auth.type !== 'none' });
  // Website content, info banners and advertisements: public reads work without accounts too.
  await app.register(cmsRoutes, { db: db.db });
  // Catalogue pictures: served to everybody; the staff upload routes need an auth mode.
  await app.register(imageRoutes, { db: db.db, staff: auth.type !== 'none' });
  if (auth.type !== 'none') {
    // Account routes exist only when an auth mode is configured (docs/product/accounts.md#authentication-mode: no auth type, no auth service).
    await app.register(customerRoutes, { db: db.db });
    await app.register(addressRoutes, { db: db.db });
    await app.register(registrationRoutes, { db: db.db });
    await app.register(salesRoutes, { db: db.db });
    await app.register(documentRoutes, { db: db.db });
    await app.register(paymentRoutes, { db: db.db, payment });
    await app.register(cartRoutes, { db: db.db, genericPlans: db.genericPlans ?? db.db });
    await app.register(cartDeliveryRoutes, { db: db.db });
    await app.register(promoAlertRoutes, { db: db.db, settings: promoAlerts });
    await app.register(statisticsRoutes, { db: db.db });
    await app.register(backorderRoutes, { db: db.db });
    await app.register(wishlistRoutes, { db: db.db });
    await app.register(classifiedAdRoutes, { db: db.db });
    await app.register(auditRoutes, { db: db.db });
    await app.register(staffRoutes, { db: db.db, catalogImport });
    await app.register(restrictionRoutes, { db: db.db, genericPlans: db.genericPlans ?? db.db });
    await app.register(stockRoutes, { db: db.db });
    await app.register(staffCustomerRoutes, { db: db.db });
    await app.register(couponRoutes, { db: db.db });
  }
  return app;
}
