/**
 * Public surface of the leads module: forms, leads and their files (`forms`, `leads`,
 * `lead_files`). Other modules import only this file.
 *
 * - Who receives leads: `staffRecipients`, `LeadSettings` (service.ts).
 * - Default forms: `seedDefaultForms` (seed.ts).
 */
export { staffRecipients, type LeadSettings } from './service.ts';
export { seedDefaultForms } from './seed.ts';
