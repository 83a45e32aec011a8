/**
 * Public surface of the request helpers shared by the route files of every module (they import
 * this file, `../../http/index.ts`). No tables; depends only on db/schema.ts (row types) and
 * errors.ts, never on a module.
 *
 * - Who is calling: `requireUser`, `requireCustomer`, `requireStaff` (401 / 403 guards),
 *   `AuthContext`, `UserRow`, `CustomerRow` (guards.ts).
 * - Language of a request: `requestLocale`, `localeFromAcceptLanguage` (locale.ts).
 * - Parameters: `idSchema`, `idParams`, `langQuery`, `pageQueryFields`, and the problem answers
 *   `problemReplies` (params.ts).
 * - App-level hooks: `csrfHook`, `parseAllowedOrigins` (csrf.ts), `securityHeaders` (security-headers.ts).
 * - Answers built field by field, sent without zod's encode: `builtAnswer`, `builtAnswerText` (answers.ts).
 */
export {
  requireCustomer,
  requireStaff,
  requireUser,
  type AuthContext,
  type CustomerRow,
  type UserRow,
} from './guards.ts';
export { localeFromAcceptLanguage, requestLocale } from './locale.ts';
export { idParams, idSchema, langQuery, pageQueryFields, problemReplies } from './params.ts';
export { csrfHook, parseAllowedOrigins } from './csrf.ts';
export { securityHeaders } from './security-headers.ts';
export { builtAnswer, builtAnswerText } from './answers.ts';
