import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK, openDatabase } from './client.ts';

describe('PGlite data folder lock', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a data folder to one open database and releases it on close', async () => {
    const first = await openDatabase({ dataDir: dir });
    // Same process, other holder: simulate a second api process by writing a live foreign pid.
    writeFileSync(path.join(dir, DATA_DIR_LOCK), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      new RegExp(
        `data folder ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another process \\(pid ${process.ppid}\\)`,
      ),
    );
    writeFileSync(path.join(dir, DATA_DIR_LOCK), String(process.pid));
    await first.close();
    expect(existsSync(path.join(dir, DATA_DIR_LOCK))).toBe(false);
  });

  it('takes over the lock of a process that no longer runs', async () => {
    writeFileSync(path.join(dir, DATA_DIR_LOCK), '999999999');
    const db = await openDatabase({ dataDir: dir });
    await db.close();
    expect(existsSync(path.join(dir, DATA_DIR_LOCK))).toBe(false);
  });
});
