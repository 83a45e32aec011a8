/**
 * Public surface of the auth module: users, sessions, tokens, login limits and known devices
 * (`users`, `sessions`, `user_tokens`, `login_attempts`, `rate_limits`, `known_devices`).
 * Other modules import only this file.
 *
 * - Sessions and access preHandlers: `sessionPlugin`, `guard`, `purgeExpiredSessions`, `hashToken`,
 *   `newToken`, `AuthOptions` (session.ts). The guards called in handlers (`requireUser`,
 *   `requireCustomer`, `requireStaff`) are in http/guards.ts: import them from `../../http/index.ts`.
 * - OIDC bearer tokens: `createBearerVerifier`, `OidcConfigurationError`, `BearerVerifier` (oidc.ts).
 * - Passwords: `hashPassword` (password.ts), `passwordHashingLimit` (hash-limits.ts).
 * - Rate limits: `takeLimits`, `Limit` (rate-limit.ts).
 * - Account mails: `sendInvitationMail`, `siteUrlOf`, `VALIDATE_EMAIL_TTL_MS` (mails.ts).
 * - Wire shape of the user: `toUserProfile` (service.ts).
 */
export {
  guard,
  hashToken,
  newToken,
  purgeExpiredSessions,
  sessionPlugin,
  type AuthOptions,
} from './session.ts';
export { createBearerVerifier, OidcConfigurationError, type BearerVerifier } from './oidc.ts';
export { hashPassword } from './password.ts';
export { passwordHashingLimit } from './hash-limits.ts';
export { takeLimits, type Limit } from './rate-limit.ts';
export { sendInvitationMail, siteUrlOf, VALIDATE_EMAIL_TTL_MS } from './mails.ts';
export { toUserProfile } from './service.ts';
