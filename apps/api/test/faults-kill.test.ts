/**
 * docs/decisions/fault-tolerance.md, PostgreSQL: kill -9 of the api during a checkout storm, then restart — every
 * order the client saw acknowledged exists exactly once, no cart holds a half-applied sync, and
 * the client's retries apply once (scenario and checks: faults-storm.ts).
 *
 * Runs when TEST_DATABASE_URL is set, on database `vetshop_faults_kill_test` (a copy of the
 * catalogue template, dropped at the end). The PGlite run is faults-kill-pglite.test.ts.
 */
import { afterAll, describe, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { catalogueDatabase, dropDatabase, type ApiProcess } from './faults-support.ts';
import { killDuringCheckoutStorm } from './faults-storm.ts';

const server = process.env.TEST_DATABASE_URL;
const NAME = 'vetshop_faults_kill_test';

describe.skipIf(!server)('kill -9 of the api during a checkout storm on postgres', () => {
  let api: ApiProcess | undefined;

  afterAll(async () => {
    await api?.kill9();
    if (server) await dropDatabase(server, NAME);
  });

  it('every acknowledged order exists once, no sync is half-applied, retries apply once', async () => {
    const url = await catalogueDatabase(server!, NAME);
    await killDuringCheckoutStorm(
      {
        name: 'postgres',
        env: { DATABASE_URL: url },
        open: () => openDatabase({ databaseUrl: url, poolSize: 2 }),
      },
      (a) => (api = a),
    );
  });
});
