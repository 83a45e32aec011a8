/**
 * docs/decisions/fault-tolerance.md, PGlite in a data folder: kill -9 of the api during a checkout storm, then
 * restart. The api's kill -9 is the embedded database's crash too: the folder must reopen (the
 * stale lock of the killed process is taken over, PostgreSQL's WAL recovery replays what was
 * committed), every order the client saw acknowledged exists exactly once, no cart holds a
 * half-applied sync, and the client's retries apply once (scenario and checks: faults-storm.ts).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { cataloguePglite, type ApiProcess } from './faults-support.ts';
import { killDuringCheckoutStorm } from './faults-storm.ts';

describe('kill -9 of the api during a checkout storm on pglite', () => {
  let api: ApiProcess | undefined;
  let dir: string | undefined;

  afterAll(async () => {
    await api?.kill9();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('every acknowledged order exists once, no sync is half-applied, retries apply once', async () => {
    dir = await cataloguePglite();
    const dataDir = dir;
    await killDuringCheckoutStorm(
      { name: 'pglite', env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) },
      (a) => (api = a),
    );
  });
});
