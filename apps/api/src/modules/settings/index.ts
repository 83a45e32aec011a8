/**
 * Public surface of the settings module (no tables): the reference data of the forms. Other
 * modules import only this file.
 *
 * - Language of a request: `requestLocale` lives in http/locale.ts (import it from
 *   `../../http/index.ts`); it is re-exported here only for the cms route files until they switch.
 */
export { requestLocale } from '../../http/index.ts';
