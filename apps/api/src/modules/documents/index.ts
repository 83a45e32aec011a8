/**
 * Public surface of the documents module: the frozen PDFs of sales (`document_files`). Other
 * modules import only this file.
 *
 * - Frozen documents: `freezeInvoice`, `freezeDeliveryNote`, `frozenDocument`, `dueDateFor` (frozen.ts).
 * - PDF labels: `LABELS` (pdf.ts); file names: `safeFilename`; printed line names: `saleLineNames` (service.ts).
 */
export { dueDateFor, freezeDeliveryNote, freezeInvoice, frozenDocument } from './frozen.ts';
export { LABELS } from './pdf.ts';
export { safeFilename, saleLineNames } from './service.ts';
