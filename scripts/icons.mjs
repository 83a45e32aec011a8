/**
 * Generates the PNG icons of the installable web app from apps/web/public/icon.svg (run once after
 * the SVG changes: `node scripts/icons.mjs`; the PNGs are committed). Listed by
 * apps/web/src/app/manifest.ts and the locale layout's metadata; governed by
 * docs/decisions/service-worker-caching.md "Installable".
 * - icon-192.png, icon-512.png: the SVG as is (purpose "any", rounded square on transparency);
 * - icon-maskable-512.png: full-bleed brand background, the glyph scaled to 75 % so it stays inside
 *   the maskable safe zone (the centred circle of 40 % radius);
 * - apple-touch-icon.png (180 px): full-bleed background, no transparency (iOS rounds it itself).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const svg = readFileSync(path.join(publicDir, 'icon.svg'), 'utf8');
const background = /<rect[^>]*fill="([^"]+)"/.exec(svg)?.[1];
const glyph = /<path[^>]*\/>/.exec(svg)?.[0];
if (!background || !glyph) throw new Error('icon.svg: expected a <rect fill> and a <path>');

/** The glyph on a full-bleed square background, scaled by `scale` around the centre. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${glyph}</g></svg>`;

const outputs = [
  { file: 'icon-192.png', size: 192, source: svg },
  { file: 'icon-512.png', size: 512, source: svg },
  { file: 'icon-maskable-512.png', size: 512, source: fullBleed(0.75) },
  { file: 'apple-touch-icon.png', size: 180, source: fullBleed(0.9) },
];

for (const { file, size, source } of outputs) {
  await sharp(Buffer.from(source), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));
  console.log(`${file} ${size}×${size}`);
}
