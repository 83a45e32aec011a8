/** The staff audit log module's surface for the other modules (modules/audit/hook.ts). */
export { auditOutcome } from './hook.ts';
