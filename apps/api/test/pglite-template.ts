/**
 * The tests' in-memory PGlite databases, opened from one dump of a freshly migrated database
 * instead of each running PostgreSQL's initdb and every migration inside WebAssembly
 * (docs/decisions/test-databases-from-a-dump.md).
 *
 * The dump is made once per set of migrations by the first test process that needs it (an
 * `openDatabase({})` like any other, then PGlite `dumpDataDir`) and kept as a tar file in the
 * system's temporary folder, named by a hash of the PGlite version, the migrations folder and the
 * database client's code; the other test processes read that file. A change to any of them names a
 * new file, so a dump never outlives the schema it holds.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../src/db/client.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PREFIX = 'vetshop-pglite-template-';

/** Every file under `dir`, as paths relative to it, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** PGlite's package.json (its exports do not name it): its version decides the dump's format. */
function pgliteManifest(): Buffer {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return readFileSync(path.join(dir, 'package.json'));
}

/** The dump's file: its name carries the hash of what a migrated database depends on. */
function templateFile(): string {
  const hash = createHash('sha256');
  hash.update(pgliteManifest());
  const drizzleDir = path.join(apiDir, 'drizzle');
  for (const file of filesUnder(drizzleDir)) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(drizzleDir, file)));
  }
  hash.update(readFileSync(path.join(apiDir, 'src/db/client.ts')));
  return path.join(os.tmpdir(), `${PREFIX}${hash.digest('hex').slice(0, 24)}.tar`);
}

/**
 * Makes the dump: a database opened and migrated as `openDatabase({})` does, dumped, written to a
 * file of this process and renamed into place (atomic: a process reading `file` never sees half of
 * it; two processes making it at once write the same content). Dumps of older schemas are removed.
 */
async function makeTemplate(file: string): Promise<Blob> {
  const database = await openDatabase({});
  let dump: Blob;
  try {
    dump = await database.db.$client.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  for (const name of readdirSync(os.tmpdir())) {
    const other = path.join(os.tmpdir(), name);
    if (name.startsWith(PREFIX) && name.endsWith('.tar') && other !== file) rmSync(other, { force: true });
  }
  return dump;
}

let template: Promise<Blob> | null = null;

/** The dump of a migrated empty database, read or made once per process. */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = templateFile();
    try {
      return new Blob([readFileSync(file)]);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    return makeTemplate(file);
  })();
  return template;
}

/**
 * A fresh, migrated, empty PGlite database in memory, as `openDatabase({})` opens it, from the
 * shared dump (2 s instead of 5–12 s on a busy 2-core machine). Close it with `close()`.
 */
export async function openTestPglite(): Promise<Database> {
  return openDatabase({ pgliteTemplate: await pgliteTemplate() });
}
