/**
 * Brotli copies of the build's scripts and styles, written once after `next build`
 * (docs/decisions/answer-compression.md, "Static files compressed once"): every `.js` and `.css`
 * file under `.next/static` gets `<name>.br` at brotli's best quality under
 * `.next/vetshop-static-br` (beside, not inside, the folder Next serves), which the web server
 * sends from memory (apps/web/src/lib/static-copies.ts). Called by lib.mjs `buildWeb`.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** Folder of the copies under `.next` (apps/web/src/lib/static-copies.ts reads it). */
export const STATIC_BR_DIR = 'vetshop-static-br';

/** Brotli quality of the copies: the best (made once per build, not per request). */
export const STATIC_BROTLI_QUALITY = 11;

/** Extensions of the files copied: the build's scripts and styles. */
const EXTENSIONS = new Set(['.js', '.css']);

/**
 * Writes the brotli copy of every script and style of `nextDir/static` under
 * `nextDir/${STATIC_BR_DIR}` (same relative path, `.br` added). Returns the count and the bytes
 * before and after.
 */
export function precompressStatic(nextDir) {
  const from = path.join(nextDir, 'static');
  const to = path.join(nextDir, STATIC_BR_DIR);
  const totals = { files: 0, rawBytes: 0, brBytes: 0 };
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (EXTENSIONS.has(path.extname(entry.name))) {
        const raw = readFileSync(path.join(from, child));
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: STATIC_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        });
        mkdirSync(path.dirname(path.join(to, child)), { recursive: true });
        writeFileSync(path.join(to, `${child}.br`), br);
        totals.files += 1;
        totals.rawBytes += raw.byteLength;
        totals.brBytes += br.byteLength;
      }
    }
  };
  walk('');
  return totals;
}
