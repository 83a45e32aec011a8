/**
 * The benchmarks' api of another checkout (bench/lib.ts `startApi`): refused when its catalogue
 * import version differs, since its start would import the catalogue again into the shared data set.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, importVersionAt, startApi } from './lib.ts';

describe('the api of another checkout', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'vetshop-bench-other-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const writeVersion = (version: string) => {
    const dir = path.join(root, 'apps/api/src/modules/catalog-import');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'import.ts'), `export const IMPORT_VERSION = '${version}';\n`);
  };

  it('reads the import version of a checkout', () => {
    expect(importVersionAt(ROOT)).toMatch(/^catalogue-import-v\d+$/);
    writeVersion('catalogue-import-v1');
    expect(importVersionAt(root)).toBe('catalogue-import-v1');
    expect(importVersionAt(path.join(root, 'missing'))).toBeNull();
  });

  it('is refused before it starts when its import version differs', async () => {
    writeVersion('catalogue-import-v1');
    await expect(startApi({}, { root })).rejects.toThrow(/import version catalogue-import-v1, this checkout/);
  });
});
