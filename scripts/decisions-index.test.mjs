import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/README.md indexes every decision record (one line each, with the code it governs),
 * and links no record that does not exist: a new record must be added to the index.
 */

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');

describe('decision records index', () => {
  const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');
  const records = readdirSync(DIR).filter((f) => f.endsWith('.md') && f !== 'README.md');
  const linked = [...index.matchAll(/\]\(([\w.-]+\.md)(?:#[\w-]+)?\)/g)].map((m) => m[1]);

  it('links every record once', () => {
    expect(records.filter((f) => !linked.includes(f))).toEqual([]);
    expect(linked.filter((f, i) => linked.indexOf(f) !== i)).toEqual([]);
  });

  it('links only records that exist', () => {
    expect(linked.filter((f) => !records.includes(f))).toEqual([]);
  });
});
