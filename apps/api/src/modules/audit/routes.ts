/**
 * GET staff/audit_log (docs/decisions/staff-audit-log.md: "Every staff action is written to an audit log (who, what, when)"):
 * the rows written by the audit hook (hook.ts), newest first, with filters. Staff only.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import {
  auditLogListSchema,
  auditLogQuerySchema,
  problemSchema,
  type AuditLogList,
  type AuditLogQuery,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { guard } from '../auth/index.ts';
import { likePattern } from '../staff/index.ts';

/**
 * Audit rows matching `query`, newest first: `user` (a user id when all digits, else contained in
 * the login), `action` (contained, case-insensitive), `from`/`to` (ISO dates, inclusive, UTC days),
 * pages of `per_page`.
 */
export async function listAuditLog(db: Db, query: AuditLogQuery): Promise<AuditLogList> {
  const conditions: SQL[] = [];
  if (query.user) {
    conditions.push(
      /^\d{1,9}$/.test(query.user)
        ? eq(auditLog.userId, Number(query.user))
        : ilike(auditLog.userLogin, likePattern(query.user)),
    );
  }
  if (query.action) conditions.push(ilike(auditLog.action, likePattern(query.action)));
  if (query.from) conditions.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    conditions.push(lt(auditLog.createdAt, sql`${`${query.to}T00:00:00Z`}::timestamptz + interval '1 day'`));
  const where = conditions.length ? and(...conditions) : undefined;
  // The count and the page in parallel (two pool connections on PostgreSQL).
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(auditLog).where(where),
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  return {
    count: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      user_login: r.userLogin,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      details: r.details,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** Registers GET staff/audit_log. */
export const auditRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/staff/audit_log',
    {
      onRequest: guard.staff,
      schema: {
        tags: ['staff'],
        summary: 'Audit log of staff actions (staff)',
        description:
          'Every non-GET call of a /staff/ route by a staff user: who (user_id, user_login), what (action = METHOD + route pattern, target_type, target_id, details with the path parameters and the JSON body, secrets redacted), the HTTP status (failed actions included) and when. Filters: `user` (id, or contained in the login), `action` (contained), `from` / `to` (YYYY-MM-DD, inclusive, UTC); `page` from 1, `per_page` (default 20, max 100). Newest first: `{count, items}`. 400 on a malformed date.',
        querystring: auditLogQuerySchema,
        response: {
          200: auditLogListSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
        },
      },
    },
    async (request) => listAuditLog(db, request.query),
  );
};
