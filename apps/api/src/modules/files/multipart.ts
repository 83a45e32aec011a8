/**
 * Multipart reading for uploads (docs/product/back-office.md#contact-forms-and-leads, shared by classified-ads, cms and leads).
 *
 * - `registerUploads(app, {maxFiles, maxFields})`: registers @fastify/multipart in the caller's
 *   plugin scope (call it once in your routes plugin, before the routes), file size limit
 *   `MAX_UPLOAD_BYTES` (the largest purpose cap; each purpose's own cap is checked per request).
 * - `readMultipart(request, {purpose, maxFiles})` → `{fields, files}`: every text field as a string
 *   (the last value wins; repeated names also in `fieldLists`), every file part as `{field,
 *   filename, bytes}` (empty file parts — a form's empty file input — are skipped). Errors: 400
 *   `multipart_expected` when the body is not multipart/form-data, 413 `file_too_large` ('The file
 *   cannot exceed {mb} MB' with the purpose's cap), 400 `too_many_files`. The bytes are NOT type
 *   checked here: pass them to `storeFile` (service.ts), which checks type and size per purpose.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ApiError, badRequest } from '../../errors.ts';
import { FILE_RULES, MAX_UPLOAD_BYTES, fileTooLarge, mbToBytes, type FilePurpose } from './service.ts';

/** One uploaded file part. */
export interface UploadedPart {
  /** Form field name. */
  field: string;
  /** The client's file name (untrusted; storeFile cleans it). */
  filename: string;
  bytes: Buffer;
}

/** Parsed multipart body. */
export interface MultipartBody {
  /** Text fields: the last value of each name. */
  fields: Record<string, string>;
  /** Text fields with every value, for repeated names. */
  fieldLists: Record<string, string[]>;
  files: UploadedPart[];
}

/** Registers @fastify/multipart in the calling plugin's scope (see the module comment). */
export async function registerUploads(
  app: FastifyInstance,
  { maxFiles = 5, maxFields = 50 }: { maxFiles?: number; maxFields?: number } = {},
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: maxFiles,
      fields: maxFields,
      parts: maxFiles + maxFields,
      fieldSize: 1024 * 1024,
    },
  });
}

/** Reads a multipart request (see the module comment). */
export async function readMultipart(
  request: FastifyRequest,
  { purpose, maxFiles = 5 }: { purpose: FilePurpose; maxFiles?: number },
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.', 'multipart_expected');
  const maxMb = FILE_RULES[purpose].maxMb;
  const fields: Record<string, string> = {};
  const fieldLists: Record<string, string[]> = {};
  const files: UploadedPart[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: mbToBytes(maxMb) } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.byteLength === 0 && !part.filename) continue;
        if (files.length >= maxFiles)
          throw new ApiError(400, 'too_many_files', 'Bad request', `At most ${maxFiles} files.`);
        files.push({ field: part.fieldname, filename: part.filename, bytes });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        fields[part.fieldname] = value;
        (fieldLists[part.fieldname] ??= []).push(value);
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxMb);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new ApiError(400, 'too_many_files', 'Bad request', 'Too many parts in the form.');
    throw err;
  }
  return { fields, fieldLists, files };
}
