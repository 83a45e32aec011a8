/**
 * Shared stored files (docs/decisions/stored-files.md; docs/product/community-and-content.md#small-ad-rules: the document must be a pdf", docs/product/community-and-content.md#contact-request Contact
 * request attachments, Website content images/files, Advertisement image). Used by the small ads
 * (classified-ads), website content (cms) and contact (leads) modules.
 *
 * Stable API (helpers import from `modules/files/index.ts`):
 * - `FILE_RULES[purpose]` → `{maxMb, types}`: the size cap in MB (1 MB = 1024 × 1024 bytes) and the
 *   accepted real types (mime types detected from the bytes) of each purpose.
 * - `checkUpload(purpose, {filename, bytes})` → `{contentType, ext}`: validates without storing.
 *   Errors: 400 `file_empty`, 413 `file_too_large` ('The file cannot exceed {mb} MB', problem member
 *   `max_mb`), 400 `file_type_refused` (the real type read from the bytes by file-type is not accepted
 *   for the purpose — a text file renamed .pdf is refused; a PDF must also start with `%PDF-`).
 * - `storeFile(db, {purpose, filename, bytes, ownerUserId})` → `StoredFileInfo` (the row without its
 *   bytes): checks as above, then inserts into stored_files with the sha256 (hex) of the bytes and
 *   the detected content type (never the client's).
 * - `getStoredFileInfo(db, id)` / `getStoredFile(db, id)` (with `data`) → the row or null.
 * - `deleteStoredFile(db, id)`: removes the row (a no-op for null/unknown ids).
 * - `sendStoredFile(reply, file, {disposition})`: sends the bytes with Content-Type from the stored
 *   type, Content-Disposition (inline for images, attachment otherwise by default, RFC 6266 filename
 *   and filename*), X-Content-Type-Options nosniff, Cache-Control private and Content-Security-Policy
 *   sandbox (a served file never runs script in the site's origin).
 * - `serveStoredFile(db, reply, id, canRead)`: loads the file, runs the access callback (given the
 *   file info: return true to serve, false → 404 `not_found`, so ids of others are not revealed) and
 *   sends it.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { CLASSIFIED_AD_PDF_MAX_MB, IMAGE_UPLOAD_MAX_MB } from '@vetshop/domain';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { storedFiles } from '../../db/schema.ts';
import { ApiError, notFound } from '../../errors.ts';

/** Purposes of stored files (the `purpose` column). */
export const FILE_PURPOSES = [
  'classified_ad',
  'lead',
  'cms_image',
  'cms_file',
  'advertisement',
  'product_image',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
const OFFICE_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
] as const;

/** Rule of one purpose: size cap in MB and the accepted real (detected) mime types. */
export interface FileRule {
  /** Size cap in MB (1 MB = 1 048 576 bytes). */
  maxMb: number;
  /** Accepted mime types, as detected from the bytes by file-type. */
  types: readonly string[];
}

/** Size caps and accepted types per purpose (docs/product/community-and-content.md#small-ad-rules: the small-ad document must be a pdf). */
export const FILE_RULES: Record<FilePurpose, FileRule> = {
  classified_ad: { maxMb: CLASSIFIED_AD_PDF_MAX_MB, types: ['application/pdf'] },
  lead: { maxMb: 10, types: [...OFFICE_TYPES, ...IMAGE_TYPES] },
  cms_image: { maxMb: 5, types: IMAGE_TYPES },
  cms_file: { maxMb: 20, types: [...OFFICE_TYPES, ...IMAGE_TYPES] },
  advertisement: { maxMb: 5, types: IMAGE_TYPES },
  /** Catalogue pictures (modules/images): the upload, and its four webp renditions. */
  product_image: { maxMb: IMAGE_UPLOAD_MAX_MB, types: IMAGE_TYPES },
};

/** Largest cap of all purposes in bytes (for the multipart plugin's `fileSize` limit). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_RULES).map((r) => r.maxMb)) * 1024 * 1024;

/** Bytes of `mb` megabytes. */
export function mbToBytes(mb: number): number {
  return mb * 1024 * 1024;
}

/** A stored file without its bytes. `size` in bytes, `sha256` hex. */
export interface StoredFileInfo {
  id: number;
  purpose: string;
  ownerUserId: number | null;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

/** A stored file with its bytes. */
export interface StoredFile extends StoredFileInfo {
  data: Uint8Array;
}

/** An upload to check or store: the client's file name and the bytes. */
export interface UploadInput {
  filename: string;
  bytes: Uint8Array;
}

/** 413 `file_too_large` 'The file cannot exceed {mb} MB' (problem member `max_mb`). */
export function fileTooLarge(maxMb: number): ApiError {
  return new ApiError(
    413,
    'file_too_large',
    'Payload too large',
    `The file cannot exceed ${maxMb} MB`,
    undefined,
    {
      max_mb: maxMb,
    },
  );
}

/** 400 `file_type_refused`: the content is not one of the accepted types. */
export function fileTypeRefused(rule: FileRule, field = 'file'): ApiError {
  const allowed = rule.types.map((t) => t.replace(/^.*\//, '')).join(', ');
  return new ApiError(
    400,
    'file_type_refused',
    'Bad request',
    `The file type is not accepted (accepted: ${allowed}).`,
    [{ field, code: 'file_type_refused' }],
  );
}

/**
 * Keeps a safe display name: the base name, control characters, quotes and path separators
 * removed, at most 150 characters; 'file' when nothing is left. The extension follows the real type.
 */
export function cleanFilename(filename: string, ext: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}|["'<>`;]/gu, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 150);
  return `${base || 'file'}.${ext}`;
}

/**
 * Validates an upload for `purpose` (see the module comment for errors) and returns the real
 * type detected from the bytes and its extension. `field` names the form field in the 400.
 */
export async function checkUpload(
  purpose: FilePurpose,
  { bytes }: UploadInput,
  field = 'file',
): Promise<{ contentType: string; ext: string }> {
  const rule = FILE_RULES[purpose];
  if (bytes.byteLength === 0) throw fieldErrorOf(field, 'file_empty', 'The file is empty.');
  if (bytes.byteLength > mbToBytes(rule.maxMb)) throw fileTooLarge(rule.maxMb);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !rule.types.includes(detected.mime)) throw fileTypeRefused(rule, field);
  if (detected.mime === 'application/pdf' && !startsWith(bytes, '%PDF-')) throw fileTypeRefused(rule, field);
  return { contentType: detected.mime, ext: detected.ext };
}

function fieldErrorOf(field: string, code: string, detail: string): ApiError {
  return new ApiError(400, code, 'Bad request', detail, [{ field, code }]);
}

function startsWith(bytes: Uint8Array, magic: string): boolean {
  if (bytes.byteLength < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic.charCodeAt(i)) return false;
  return true;
}

const infoColumns = {
  id: storedFiles.id,
  purpose: storedFiles.purpose,
  ownerUserId: storedFiles.ownerUserId,
  filename: storedFiles.filename,
  contentType: storedFiles.contentType,
  size: storedFiles.size,
  sha256: storedFiles.sha256,
  createdAt: storedFiles.createdAt,
};

/**
 * Checks and stores an upload (see the module comment); returns the stored row without its bytes.
 * `ownerUserId` is the uploading user (null for guests, e.g. a contact form).
 */
export async function storeFile(
  db: Db,
  input: UploadInput & { purpose: FilePurpose; ownerUserId?: number | null; field?: string },
): Promise<StoredFileInfo> {
  const { contentType, ext } = await checkUpload(input.purpose, input, input.field);
  return storeDerivedFile(db, { ...input, contentType, ext });
}

/**
 * Stores bytes the api made itself (e.g. the webp renditions of a catalogue picture, modules/images)
 * with their known `contentType`, without the upload checks; `filename` is cleaned as for uploads
 * (its extension follows `ext`). Usable inside a transaction. Returns the row without its bytes.
 */
export async function storeDerivedFile(
  db: DbOrTx,
  input: {
    purpose: FilePurpose;
    filename: string;
    contentType: string;
    ext: string;
    bytes: Uint8Array;
    ownerUserId?: number | null;
  },
): Promise<StoredFileInfo> {
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const [row] = await db
    .insert(storedFiles)
    .values({
      purpose: input.purpose,
      ownerUserId: input.ownerUserId ?? null,
      filename: cleanFilename(input.filename, input.ext),
      contentType: input.contentType,
      size: input.bytes.byteLength,
      sha256,
      data: input.bytes,
    })
    .returning(infoColumns);
  if (!row) throw new Error('stored_files insert returned no row');
  return row;
}

/** The file's row without its bytes, or null. */
export async function getStoredFileInfo(db: Db, id: number): Promise<StoredFileInfo | null> {
  const [row] = await db.select(infoColumns).from(storedFiles).where(eq(storedFiles.id, id));
  return row ?? null;
}

/** The file with its bytes, or null. */
export async function getStoredFile(db: Db, id: number): Promise<StoredFile | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row ?? null;
}

/** Deletes a stored file (no-op for null or unknown ids). Referencing columns are set null by the FK. */
export async function deleteStoredFile(db: DbOrTx, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  await db.delete(storedFiles).where(eq(storedFiles.id, id));
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Sends a stored file: Content-Type = the stored (detected) type, Content-Disposition (default
 * inline for images, attachment for everything else), nosniff, private caching, CSP sandbox.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: StoredFile,
  options: { disposition?: 'inline' | 'attachment'; cacheControl?: string } = {},
): FastifyReply {
  const disposition =
    options.disposition ?? (file.contentType.startsWith('image/') ? 'inline' : 'attachment');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(disposition, file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', options.cacheControl ?? 'private, max-age=0, must-revalidate')
    .header('etag', `"${file.sha256}"`)
    .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
}

/**
 * Loads file `id`, asks `canRead(info)` (true → send; false → 404 `not_found`, also for unknown
 * ids) and sends it with `sendStoredFile`.
 */
export async function serveStoredFile(
  db: Db,
  reply: FastifyReply,
  id: number,
  canRead: (file: StoredFileInfo) => boolean | Promise<boolean>,
  options: { disposition?: 'inline' | 'attachment'; cacheControl?: string } = {},
): Promise<FastifyReply> {
  const file = await getStoredFile(db, id);
  if (!file || !(await canRead(file))) throw notFound(`File ${id} not found.`);
  return sendStoredFile(reply, file, options);
}

/** Re-exported for callers that refuse a request without a file. */
export function fileMissing(field = 'file'): ApiError {
  return fieldErrorOf(field, 'file_missing', 'No file was sent.');
}
