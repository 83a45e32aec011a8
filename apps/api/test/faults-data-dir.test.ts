/**
 * docs/decisions/fault-tolerance.md: a full disk or a read-only data folder at start (embedded PGlite, DATA_DIR).
 * The api (a child process) must stop with one line naming the folder, an exit status other than
 * 0 and no stack trace, before PGlite writes anything; the database must open fine afterwards once
 * the folder is writable (or has room) again, with its data intact.
 *
 * How (as root; CI runs as root on the same kind of machine):
 * - read-only: an existing database folder bind-mounted read-only (`mount --bind -o ro`), since
 *   root ignores permission bits;
 * - full disk: small tmpfs mounts — an empty 8 MB one, and a 100 MB one holding a 42 MB database
 *   (58 MB free, under the 64 MB the api requires), then remounted at 300 MB.
 * Without the right to mount (not root) the suite is skipped.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { run } from './faults-support.ts';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Starts the api on `dataDir` and returns how it ended (it must not get as far as listening). */
async function startApi(dataDir: string) {
  return run(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    API_PORT: '1',
    API_HOST: '127.0.0.1',
    LOG_LEVEL: 'fatal',
    SEED_DEMO_ACCOUNTS: 'false',
  });
}

/** SHA-256 over every file (path and content) under `dir`: "nothing was written". */
function folderHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** The one-line, stack-free start-up refusal naming `folder`. */
function expectRefusal(
  r: { code: number | null; stdout: string; stderr: string },
  folder: string,
  what: RegExp,
) {
  expect(r.code).not.toBe(0);
  expect(r.code).not.toBeNull();
  const text = r.stderr.trim();
  expect(text.split('\n')).toHaveLength(1);
  expect(text).toContain(`The data folder ${folder} (DATA_DIR)`);
  expect(text).toMatch(what);
  expect(text).not.toMatch(/\n\s+at /);
}

describe.skipIf(!isRoot)('a read-only data folder or a full disk at start (PGlite)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'vetshop-faults-datadir-'));
  const database = path.join(work, 'db');
  const mounts: string[] = [];

  /** mount(8) with `args` on `target`; remembered for the clean-up. */
  async function mount(args: string[], target: string): Promise<void> {
    mkdirSync(target, { recursive: true });
    const r = await run('mount', [...args, target]);
    expect(r.code, r.stderr).toBe(0);
    mounts.push(target);
  }

  async function umount(target: string): Promise<void> {
    const r = await run('umount', [target]);
    expect(r.code, r.stderr).toBe(0);
    mounts.splice(mounts.indexOf(target), 1);
  }

  /** Opens the database folder and reads the marker row back. */
  async function marker(dir: string): Promise<string | undefined> {
    const db = await openDatabase({ dataDir: dir });
    try {
      const r = await db.db.execute<{ v: string }>(sql`SELECT v FROM fault_marker`);
      return r.rows[0]?.v;
    } finally {
      await db.close();
    }
  }

  beforeAll(async () => {
    // A migrated database holding one marker row.
    const db = await openDatabase({ dataDir: database });
    await db.db.execute(sql`CREATE TABLE fault_marker (v text)`);
    await db.db.execute(sql`INSERT INTO fault_marker VALUES ('intact')`);
    await db.close();
  });

  afterAll(async () => {
    for (const target of [...mounts].reverse()) await run('umount', ['-l', target]);
    rmSync(work, { recursive: true, force: true });
  });

  it('a read-only folder: one line naming it, exit ≠ 0, nothing written; fine once writable', async () => {
    const readOnly = path.join(work, 'read-only');
    await mount(['--bind', '-o', 'ro', database], readOnly);
    const before = folderHash(database);
    const r = await startApi(readOnly);
    expectRefusal(r, readOnly, /not writable: .*read-only file system/i);
    await umount(readOnly);
    expect(folderHash(database)).toBe(before);
    expect(await marker(database)).toBe('intact');
  });

  it('an empty full disk: one line naming the folder, exit ≠ 0, no half-made database left', async () => {
    const tiny = path.join(work, 'tiny');
    await mount(['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs'], tiny);
    const r = await startApi(tiny);
    expectRefusal(r, tiny, /only \d+ MB of free disk space \(at least 64 MB needed\)/);
    expect(readdirSync(tiny)).toEqual([]);
    await umount(tiny);
  });

  it('a database on a full disk: refused untouched; opens with its data once there is room', async () => {
    const full = path.join(work, 'full');
    await mount(['-t', 'tmpfs', '-o', 'size=100m', 'tmpfs'], full);
    const dir = path.join(full, 'db');
    cpSync(database, dir, { recursive: true });
    const before = folderHash(dir);
    const r = await startApi(dir);
    expectRefusal(r, dir, /only \d+ MB of free disk space \(at least 64 MB needed\)/);
    expect(folderHash(dir)).toBe(before);
    // Room again (the administrator grows the disk): the database opens, its data intact.
    const grown = await run('mount', ['-o', 'remount,size=300m', full]);
    expect(grown.code, grown.stderr).toBe(0);
    expect(await marker(dir)).toBe('intact');
    await umount(full);
  });
});
