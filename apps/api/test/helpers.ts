/**
 * Test helpers: the databases every suite runs on (in-memory PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set) and an app built on the fixture catalogue.
 */
import type { FastifyInstance } from 'fastify';
import { openDatabase, recreateDatabase, type Database } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import { buildApp } from '../src/app.ts';
import { insertFixture, type Fixture } from './fixtures.ts';

/** A database a suite can run on. */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

/**
 * PGlite in memory, plus PostgreSQL when TEST_DATABASE_URL is set: database `vetshop_api_test_<n>`,
 * n the vitest worker (files of one worker run one after the other; two workers never share it).
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', open: () => openTestPglite() }];
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    list.push({
      name: 'postgres',
      open: async () =>
        openDatabase({
          databaseUrl: await recreateDatabase(
            server,
            `vetshop_api_test_${process.env.VITEST_POOL_ID ?? '1'}`,
          ),
          poolSize: 4,
        }),
    });
  }
  return list;
}

/** An app on a fresh database holding the fixture catalogue. */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  fixture: Fixture;
  close(): Promise<void>;
}

/** Opens `target`, inserts the fixture, builds the app. */
export async function fixtureApp(target: TestDatabase): Promise<TestApp> {
  const database = await target.open();
  const fixture = await insertFixture(database.db);
  const app = await buildApp({ db: database });
  await app.ready();
  return {
    app,
    database,
    fixture,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** GET `url` through app.inject and parse the JSON body. */
export async function getJson<T = unknown>(
  app: FastifyInstance,
  url: string,
): Promise<{ status: number; body: T; contentType: string }> {
  const res = await app.inject({ method: 'GET', url });
  return {
    status: res.statusCode,
    body: res.json() as T,
    contentType: String(res.headers['content-type'] ?? ''),
  };
}

/**
 * The PostgreSQL database at `url` opened with one connection in each of its pools (the main one,
 * `Database.genericPlans`, `customPlansOf`): what a pool's connection keeps (its server process,
 * its prepared statements and their plans) is then that one connection's, for tests that read it.
 */
export function openOneConnectionPerPool(url: string): Promise<Database> {
  return openDatabase({ databaseUrl: url, poolSize: 1, genericPlansPoolSize: 1, customPlansPoolSize: 1 });
}
