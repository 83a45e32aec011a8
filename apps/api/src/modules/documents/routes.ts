/**
 * Download routes of the customer's documents (docs/product/orders-and-documents.md#sales-calls: GET sales/{id}/download, GET
 * invoice/{id}/download; docs/product/orders-and-documents.md#document-calls documents: GET documents, GET documents/{id}/download).
 *
 * PDFs (order confirmations, delivery notes, invoices and credit notes) are the frozen documents
 * (frozen.ts): rendered once in the customer's language and served as stored, with their sha-256
 * in `Repr-Digest`. CSV (text/csv) of the price list and the promotions are generated on request
 * in the signed-in user's locale. All are sent as attachments with a safe file name.
 * 401 guests, 403 staff users (no customer), 404 for another customer's document.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_LOCALE,
  documentListSchema,
  documentsQuerySchema,
  localeSchema,
  type Locale,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { idParams, problemReplies, requestLocale, requireCustomer } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { frozenDocument, type FrozenDocument } from './frozen.ts';
import { listDocuments, priceListCsv, safeFilename } from './service.ts';

/** Document ids of GET documents/{id}/download. */
const documentIdParams = z.object({
  id: z.string().regex(/^(?:(?:sale|picking|invoice)-[1-9]\d{0,9}|price_list|promotions)$/, {
    error: 'unknown_document',
  }),
});
const errors = problemReplies(400, 401, 403, 404);
const fileResponse = {
  200: z.any().describe('The file (application/pdf or text/csv), as an attachment.'),
  ...errors,
};

/** The signed-in user's locale (fr, nl or en; fr when unknown). */
function userLocale(request: FastifyRequest): Locale {
  const parsed = localeSchema.safeParse(request.auth?.user.locale);
  return parsed.success ? parsed.data : DEFAULT_LOCALE;
}

/** Sends a stored PDF as an attachment; `Repr-Digest` (RFC 9530) carries its sha-256. */
async function sendPdf(reply: FastifyReply, doc: FrozenDocument) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${safeFilename(doc.number, 'pdf')}"`)
    .header('cache-control', 'private, no-store')
    .header('repr-digest', `sha-256=:${Buffer.from(doc.sha256, 'hex').toString('base64')}:`)
    .send(doc.pdf);
}

/** Registers the document routes. */
export const documentRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];

  app.get(
    '/sales/:id/download',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Order confirmation of an order (PDF)',
        description:
          'GET sales/{id}/download (docs/decisions/documents.md): the order confirmation as a PDF in the customer’s language (seller, order, customer, VAT and depot numbers, product lines excl. VAT, totals with VAT per rate), stored at its first download and served as stored afterwards. 404 for an order of another customer.',
        params: idParams,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { customer } = requireCustomer(request);
      const doc = await frozenDocument(db, 'order_confirmation', request.params.id, customer.id);
      if (!doc) throw notFound(`Order ${request.params.id} not found.`);
      return sendPdf(reply, doc);
    },
  );

  app.get(
    '/invoice/:id/download',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'An invoice or credit note (PDF)',
        description:
          'GET invoice/{id}/download (docs/decisions/documents.md): the invoice or credit note as issued (Belgian legal content, customer’s language), the same bytes on every download. 404 for another customer’s.',
        params: idParams,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { customer } = requireCustomer(request);
      const doc = await frozenDocument(db, 'invoice', request.params.id, customer.id);
      if (!doc) throw notFound(`Invoice ${request.params.id} not found.`);
      return sendPdf(reply, doc);
    },
  );

  app.get(
    '/documents',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's documents",
        description:
          'docs/product/orders-and-documents.md#document-calls GET documents with page, per_page and type (order_confirmation, delivery_note, invoice, credit_note, price_list, promotions): `count` and `items` ({id, name, type, format, date, sale_channel, sale_id}); the price list and promotions first (named in the request’s language: Accept-Language), then newest first.',
        querystring: documentsQuerySchema.strict(),
        response: { 200: documentListSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      return listDocuments(db, customer.id, requestLocale(request), {
        page: request.query.page,
        perPage: request.query.per_page,
        type: request.query.type,
      });
    },
  );

  app.get(
    '/documents/:id/download',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Download one document',
        description:
          'docs/product/orders-and-documents.md#document-calls GET documents/{id}/download with an id from GET documents: sale-<id>, picking-<id>, invoice-<id> (PDF), price_list or promotions (CSV of the user’s price list: sku, name, gross, net, discount, end date, CNK, GTIN, VAT rate; cells starting with = + - @ are prefixed with a quote). 404 for another customer’s.',
        params: documentIdParams,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { customer, user } = requireCustomer(request);
      const locale = userLocale(request);
      const id = request.params.id;
      if (id === 'price_list' || id === 'promotions') {
        const csv = await priceListCsv(
          db,
          { priceList: user.priceList, vetGroupIds: user.vetGroupIds },
          locale,
          id,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${safeFilename(`${id}-${customer.number}`, 'csv')}"`,
          )
          .header('cache-control', 'private, no-store')
          .send(csv);
      }
      const [kind, raw] = id.split('-') as ['sale' | 'picking' | 'invoice', string];
      const n = Number(raw);
      const frozenKind =
        kind === 'sale' ? 'order_confirmation' : kind === 'picking' ? 'delivery_note' : 'invoice';
      const doc = n > 2_147_483_647 ? null : await frozenDocument(db, frozenKind, n, customer.id);
      if (!doc) throw notFound(`Document ${id} not found.`);
      return sendPdf(reply, doc);
    },
  );
};
