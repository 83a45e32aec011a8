import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressStatic, STATIC_BR_DIR } from './precompress-static.mjs';

const nextDir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(nextDir, { recursive: true, force: true }));

describe('brotli copies of the static files', () => {
  it('copies every script and style, decoding to the same bytes, and nothing else', () => {
    const script = `self.x=${JSON.stringify('Metacam '.repeat(500))};`;
    const style = '.facet-value{display:flex}'.repeat(50);
    mkdirSync(path.join(nextDir, 'static/chunks/app'), { recursive: true });
    mkdirSync(path.join(nextDir, 'static/media'), { recursive: true });
    writeFileSync(path.join(nextDir, 'static/chunks/app/page.js'), script);
    writeFileSync(path.join(nextDir, 'static/chunks/site.css'), style);
    writeFileSync(path.join(nextDir, 'static/media/font.woff2'), 'font');
    const totals = precompressStatic(nextDir);
    const copy = (rel) => path.join(nextDir, STATIC_BR_DIR, rel);
    expect(brotliDecompressSync(readFileSync(copy('chunks/app/page.js.br'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(copy('chunks/site.css.br'))).toString()).toBe(style);
    expect(existsSync(copy('media/font.woff2.br'))).toBe(false);
    expect(existsSync(path.join(nextDir, 'static/chunks/app/page.js.br'))).toBe(false);
    expect(totals.files).toBe(2);
    expect(totals.rawBytes).toBe(script.length + style.length);
    expect(totals.brBytes).toBeLessThan(totals.rawBytes / 10);
  });
});
