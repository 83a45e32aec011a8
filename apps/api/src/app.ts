/**
 * Builds the Fastify application from plugins and modules (DESIGN "Layout"): no listen here, so
 * tests drive it with `app.inject`. zod validates requests and serialises responses
 * (fastify-type-provider-zod); the same schemas feed the OpenAPI document (GET /openapi.json,
 * reference UI at /docs). Errors are problem+json (errors.ts).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './db/client.ts';
import { badRequest, installErrorHandlers, problem, sendProblem } from './errors.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';

export interface BuildAppOptions {
  /** The opened database (see db/client.ts `openDatabase`). */
  db: Database;
  /** Fastify/pino logger options; `false` (default) for tests. */
  logger?: FastifyServerOptions['logger'];
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
});

/**
 * Builds the app: zod compilers, OpenAPI, problem+json errors, GET /health and the catalogue routes.
 * The caller owns the database (closes it after `app.close()`).
 */
export async function buildApp({ db, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // Errors raised before routing (malformed percent-encoding, bad content type) are problems too.
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      void sendProblem(reply, problem(status, 'bad_request', 'Bad request', error.message.slice(0, 300)));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
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
        summary: 'Health: status, database kind and number of product models',
        tags: ['system'],
        response: { 200: healthSchema },
      },
    },
    async () => {
      const rows = await db.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
      return { status: 'ok' as const, database: db.kind, products: Number(rows.rows[0]?.n ?? 0) };
    },
  );

  await app.register(catalogRoutes, { db: db.db });
  return app;
}
