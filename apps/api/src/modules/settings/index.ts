/**
 * Public surface of the settings module (no tables): the reference data of the forms and the
 * language of a request. Other modules import only this file.
 *
 * - Language of a request: `requestLocale` (routes.ts).
 */
export { requestLocale } from './routes.ts';
