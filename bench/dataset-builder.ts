/**
 * The benchmark data set generator (docs/decisions/scale-proof-figures.md): on a database that already holds a catalogue,
 * generates customers of every function with their users and addresses, years of orders with
 * their lines, pickings, invoices, credit notes and backorders — all with set-based SQL
 * (INSERT … SELECT generate_series …), so 2,000 customers and 500,000+ order lines load in minutes
 * on PostgreSQL and PGlite alike. Decisions and figures: docs/decisions/benchmark-dataset.md.
 *
 * Deterministic: every random choice is `md5(seed:salt:row key)` turned into a number in [0, 1)
 * ({@link rnd}); no PG random(), no Math.random. The same seed, `today`, size and catalogue give the
 * same rows (ids included when the database is fresh; choices key on skus, never on ids, so the
 * same catalogue loaded in another order gives the same data); {@link datasetChecksum} compares
 * them without surrogate ids. Only the password hash differs (argon2 salts it): it is computed once by
 * the caller and shared by every user.
 *
 * Shapes: money in integer cents, EUR excl. VAT; VAT rates in basis points; dates are business days
 * (YYYY-MM-DD). Rows created: customers numbered 200001…, users `dsNNNNNN-K@dataset.vetshop.be`,
 * one staff user `staff@dataset.vetshop.be`, orders `SO<year><6 digits>` numbered by date within a
 * year (the web shop's numbering continues after them), pickings `<order>/OUT/001`, invoices
 * `INV/<year>/<6 digits>`, credit notes `CN/<year>/<6 digits>`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FUNCTIONS, IN_STOCK_STATES, priceListOfFunction } from '@vetshop/domain';
import type { Db } from '../apps/api/src/db/client.ts';
import { DEMO_SALES_PERSONS } from '../apps/api/src/seed/accounts.ts';
import { seedCarriers } from '../apps/api/src/seed/carriers.ts';
import { addressSnapshotSql, deliveredAmountsSql } from '../apps/api/src/seed/history.ts';

/** Bump when the generated rows change: a data set built by another version is rebuilt. */
export const DATASET_VERSION = 'dataset-v4';

/** Login domain of the generated users. */
export const DATASET_LOGIN_DOMAIN = 'dataset.vetshop.be';
/** Login of the generated staff user. */
export const DATASET_STAFF_LOGIN = `staff@${DATASET_LOGIN_DOMAIN}`;
/** First customer number minus one (numbers 200001 … 200000 + customers). */
const NUMBER_BASE = 200_000;

/** How much to generate. */
export interface DatasetSize {
  /** Customers (practices), ≥ 6 so that every function is present. */
  customers: number;
  /** Years of order history before `today`. */
  years: number;
  /** Mean orders per customer and year before the function's activity factor (≈ 5 lines each). */
  ordersPerCustomerYear: number;
}

/** The benchmark size: 2,000 customers, 5 years, ≈ 115,000 orders, ≈ 540,000 order lines. */
export const FULL_SIZE: DatasetSize = { customers: 2000, years: 5, ordersPerCustomerYear: 10 };
/** The test size: 40 customers, 1 year, ≈ 300 orders. */
export const SMALL_SIZE: DatasetSize = { customers: 40, years: 1, ordersPerCustomerYear: 6 };

/** Options of {@link generateDataset}. */
export interface GenerateOptions {
  /** Seed of every random choice (integer). */
  seed: number;
  /** Business day `YYYY-MM-DD` the history ends on (the day before is the last order day). */
  today: string;
  size: DatasetSize;
  /** argon2id PHC string shared by every generated user (hash it once: hashing 2,000 takes minutes). */
  passwordHash: string;
}

/** Row counts after generation (generated rows only). */
export interface DatasetCounts {
  customers: number;
  users: number;
  addresses: number;
  sales: number;
  /** Product lines (handling-fee lines excluded). */
  saleLines: number;
  pickings: number;
  /** Invoices (type invoice). */
  invoices: number;
  creditNotes: number;
  /** Product lines of open orders with qty − delivered − canceled > 0. */
  backorderLines: number;
  /** Of those, the lines waiting for stock (`qty_unavailable` > 0: a variant without stock to give). */
  waitingLines: number;
}

/** What {@link generateDataset} did: counts and milliseconds per phase. */
export interface GenerateReport {
  counts: DatasetCounts;
  phasesMs: Record<'accounts' | 'orders' | 'documents', number>;
}

/**
 * Share of each customer function (sums to 1) and its activity factor (orders relative to the
 * mean): mostly veterinary practices; wholesalers order most, students least.
 */
export const FUNCTION_MIX: Record<(typeof FUNCTIONS)[number], { share: number; activity: number }> = {
  veterinary: { share: 0.7, activity: 1.3 },
  nurse: { share: 0.08, activity: 0.5 },
  student: { share: 0.06, activity: 0.2 },
  pharmacist: { share: 0.08, activity: 1 },
  supplier: { share: 0.03, activity: 0.3 },
  wholesaler: { share: 0.05, activity: 2 },
};

const GIVEN = [
  'Julie',
  'Pieter',
  'Thomas',
  'Claire',
  'Marc',
  'Sophie',
  'Lucas',
  'Emma',
  'Louis',
  'Sarah',
  'Jan',
  'Lotte',
  'Nicolas',
  'Charlotte',
  'Wouter',
  'Elise',
  'Antoine',
  'Hanne',
  'Maxime',
  'Anouk',
  'Koen',
  'Camille',
  'Bram',
  'Inès',
];
const FAMILY = [
  'Maes',
  'Peeters',
  'Janssens',
  'Dubois',
  'Lambert',
  'Dupont',
  'Claes',
  'Goossens',
  'Wouters',
  'Martin',
  'Jacobs',
  'Mertens',
  'Willems',
  'Leroy',
  'Renard',
  'De Smet',
  'Vermeulen',
  'Simon',
  'Lemaire',
  'Hermans',
  'Michel',
  'Desmet',
];
/** Belgian towns: zip, city, province (state) code, language, sales person region index (0 Brussels, 1 Wallonia, 2 Flanders). */
const TOWNS: readonly [string, string, string, 'fr' | 'nl', number][] = [
  ['1000', 'Bruxelles', 'BBR', 'fr', 0],
  ['1050', 'Ixelles', 'BBR', 'fr', 0],
  ['1180', 'Uccle', 'BBR', 'fr', 0],
  ['1300', 'Wavre', 'WBR', 'fr', 1],
  ['1348', 'Louvain-la-Neuve', 'WBR', 'fr', 1],
  ['4000', 'Liège', 'WLG', 'fr', 1],
  ['5000', 'Namur', 'WNA', 'fr', 1],
  ['6000', 'Charleroi', 'WHT', 'fr', 1],
  ['6700', 'Arlon', 'WLX', 'fr', 1],
  ['7000', 'Mons', 'WHT', 'fr', 1],
  ['2000', 'Antwerpen', 'VAN', 'nl', 2],
  ['2300', 'Turnhout', 'VAN', 'nl', 2],
  ['3000', 'Leuven', 'VBR', 'nl', 2],
  ['3500', 'Hasselt', 'VLI', 'nl', 2],
  ['8000', 'Brugge', 'VWV', 'nl', 2],
  ['8500', 'Kortrijk', 'VWV', 'nl', 2],
  ['9000', 'Gent', 'VOV', 'nl', 2],
  ['9300', 'Aalst', 'VOV', 'nl', 2],
];
const STREETS = [
  'Rue de la Station',
  'Chaussée de Namur',
  'Rue Haute',
  'Avenue des Tilleuls',
  'Stationsstraat',
  'Kerkstraat',
  'Dorpsstraat',
  'Nieuwstraat',
  'Molenstraat',
  'Rue du Moulin',
  'Grand-Place',
  'Steenweg',
];

/** A SQL text[] literal of `items` (constants of this module only). */
function textArray(items: readonly string[]): SQL {
  return sql.raw(`ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`);
}

/**
 * A deterministic number in [0, 1) from the seed, a salt naming the choice and the row `key`:
 * the first 32 bits of md5(`<seed>:<salt>:<key>`). Same inputs → same number on every engine.
 */
export function rnd(seed: number, salt: string, key: SQL): SQL {
  if (!Number.isInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
  if (!/^[a-z0-9_]+$/.test(salt)) throw new Error(`bad salt ${salt}`);
  return sql`(('x' || substr(md5(${sql.raw(`'${seed}:${salt}:'`)} || (${key})::text), 1, 8))::bit(32)::bigint / 4294967296.0)::float8`;
}

/** A number as a SQL literal (integers and plain decimals of this module only). */
function N(value: number): SQL {
  if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
  return sql.raw(String(value));
}

/** An element of a constant array chosen by a number `r` in [0, 1). */
function pick(items: readonly string[], r: SQL): SQL {
  return sql`(${textArray(items)})[1 + floor((${r}) * ${sql.raw(String(items.length))})::int]`;
}

async function count(db: Db, query: SQL): Promise<number> {
  const rows = (await db.execute<{ n: number | string }>(query)).rows;
  return Number(rows[0]?.n ?? 0);
}

/** Drops the generator's staging tables (dsg_*). */
async function dropStaging(db: Db): Promise<void> {
  for (const t of ['dsg_customer', 'dsg_pool', 'dsg_sale', 'dsg_line', 'dsg_total', 'dsg_sale_id'])
    await db.execute(sql.raw(`DROP TABLE IF EXISTS ${t}`));
}

/** The generated customers' number range as a SQL condition on `customers` alias `c`. */
function isDatasetCustomer(alias: string): SQL {
  return sql.raw(`${alias}.number ~ '^2[0-9]{5}$' AND ${alias}.number::int > ${NUMBER_BASE}`);
}

/**
 * Deletes every generated row (customers cascade to users, addresses, orders, lines, pickings,
 * invoices; the staff user by login). Used by tests to regenerate on the same database.
 */
export async function clearDataset(db: Db): Promise<void> {
  // The big tables set-based first (a cascade deletes line by line), then the cascade for the rest.
  const ofCustomers = sql`SELECT id FROM customers c WHERE ${isDatasetCustomer('c')}`;
  const ofSales = sql`SELECT id FROM sales WHERE customer_id IN (${ofCustomers})`;
  await db.execute(sql`DELETE FROM payment_transactions WHERE customer_id IN (${ofCustomers})`);
  await db.execute(sql`DELETE FROM invoices WHERE customer_id IN (${ofCustomers})`);
  // invoices.sale_id and payment_transactions.sale_id have no index: each sale deleted below scans
  // them for its foreign keys, dead rows included; a vacuum first keeps that scan short.
  await db.execute(sql`VACUUM invoices, payment_transactions`);
  await db.execute(sql`DELETE FROM pickings WHERE sale_id IN (${ofSales})`);
  await db.execute(sql`DELETE FROM backorder_cancellations WHERE sale_line_id IN (
    SELECT id FROM sale_lines WHERE sale_id IN (${ofSales}))`);
  await db.execute(sql`DELETE FROM sale_lines WHERE sale_id IN (${ofSales})`);
  await db.execute(sql`DELETE FROM sales WHERE id IN (${ofSales})`);
  await db.execute(sql`DELETE FROM customers c WHERE ${isDatasetCustomer('c')}`);
  await db.execute(sql`DELETE FROM users WHERE login = ${DATASET_STAFF_LOGIN}`);
  await dropStaging(db);
}

/**
 * Generates the data set (module comment) on `db`, which must hold a catalogue (sellable variants
 * without veterinary group) and no generated data yet. Returns counts and time per phase (ms).
 * Errors: throws when the catalogue has no sellable variant or the size has fewer than 6 customers.
 */
export async function generateDataset(db: Db, opts: GenerateOptions): Promise<GenerateReport> {
  const { seed, today, size } = opts;
  if (size.customers < FUNCTIONS.length)
    throw new Error(`At least ${FUNCTIONS.length} customers are needed.`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`today must be YYYY-MM-DD, got ${today}`);
  const R = (salt: string, key: SQL | string): SQL =>
    rnd(seed, salt, typeof key === 'string' ? sql.raw(key) : key);
  const T = sql.raw(`'${today}'::date`);
  await dropStaging(db);

  // ---------------------------------------------------------------- accounts
  const t0 = performance.now();
  await seedCarriers(db);
  for (const sp of DEMO_SALES_PERSONS)
    await db.execute(sql`
      INSERT INTO sales_persons (name, email, phone, street, zip, city)
      SELECT ${sp.name}, ${sp.email}, ${sp.phone}, ${sp.street}, ${sp.zip}, ${sp.city}
      WHERE NOT EXISTS (SELECT 1 FROM sales_persons WHERE email = ${sp.email})`);
  const spIds = sql`ARRAY(SELECT (SELECT id FROM sales_persons WHERE email = e) FROM unnest(${textArray(
    DEMO_SALES_PERSONS.map((s) => s.email),
  )}) WITH ORDINALITY AS x(e, o) ORDER BY o)`;

  // Function by cumulative share; customers 1–6 take one function each so every function is present.
  const fnCase = (() => {
    let acc = 0;
    const parts = FUNCTIONS.map((fn) => {
      acc += FUNCTION_MIX[fn].share;
      return `WHEN r < ${acc.toFixed(4)} THEN '${fn}'`;
    });
    return sql.raw(`CASE ${parts.join(' ')} ELSE 'veterinary' END`);
  })();
  const activityCase = sql.raw(
    `CASE fn ${FUNCTIONS.map((fn) => `WHEN '${fn}' THEN ${FUNCTION_MIX[fn].activity}`).join(' ')} END`,
  );
  const fnOrder = textArray(FUNCTIONS);
  const groups = (
    await db.execute<{ id: number }>(sql`SELECT id FROM vet_groups ORDER BY sequence, id`)
  ).rows.map((g) => g.id);
  const groupArray = sql.raw(`ARRAY[${groups.join(',')}]::int[]`);
  const townCount = sql.raw(String(TOWNS.length));
  const towns = sql.raw(
    `(VALUES ${TOWNS.map(([zip, city, st, lang, region], i) => `(${i}, '${zip}', '${city.replace(/'/g, "''")}', '${st}', '${lang}', ${region})`).join(',')}) AS town(t, zip, city, state_code, lang, region)`,
  );

  await db.execute(sql`
    CREATE TABLE dsg_customer AS
    SELECT i, fn, town.t AS town, town.zip, town.city, town.state_code, town.region,
      CASE WHEN ${R('locale_en', 'i')} < 0.08 THEN 'en' ELSE town.lang END AS locale,
      (${activityCase}) * (0.25 + 1.5 * ${R('activity', 'i')}) AS activity,
      ${pick(GIVEN, R('given', 'i'))} AS given_name, ${pick(FAMILY, R('family', 'i'))} AS family_name,
      ${pick(STREETS, R('street', 'i'))} || ' ' || (1 + floor(${R('house', 'i')} * 180)::int) AS street,
      -- Veterinary users: ~45 % in one group, 10 % in two; the first ones cover every group.
      CASE WHEN fn <> 'veterinary' OR cardinality(${groupArray}) = 0 THEN '{}'::int[]
           WHEN i <= ${N(FUNCTIONS.length)} + cardinality(${groupArray})
             THEN ARRAY[(${groupArray})[1 + (i - 1) % cardinality(${groupArray})]]
           WHEN ${R('group', 'i')} < 0.10 THEN ARRAY[(${groupArray})[1 + floor(${R('group_a', 'i')} * cardinality(${groupArray}))::int],
                                                   (${groupArray})[1 + (floor(${R('group_a', 'i')} * cardinality(${groupArray}))::int + 1) % cardinality(${groupArray})]]
           WHEN ${R('group', 'i')} < 0.55 THEN ARRAY[(${groupArray})[1 + floor(${R('group_a', 'i')} * cardinality(${groupArray}))::int]]
           ELSE '{}'::int[] END AS vet_group_ids,
      CASE WHEN ${R('users', 'i')} < 0.06 THEN 3 WHEN ${R('users', 'i')} < 0.25 THEN 2 ELSE 1 END AS n_users
    FROM (
      SELECT i, CASE WHEN i <= ${N(FUNCTIONS.length)} THEN (${fnOrder})[i]
                     ELSE (SELECT ${fnCase} FROM (SELECT ${R('function', 'i')} AS r) x) END AS fn
      FROM generate_series(1, ${N(size.customers)}) AS i
    ) s
    JOIN ${towns} ON town.t = floor(${R('town', 'i')} * ${townCount})::int`);

  await db.execute(sql`
    INSERT INTO customers (number, name, function, vat, vat_pending, depot_number, subscription_number, apb_number,
      vet_activities, sales_person_id, opt_in, created_at)
    SELECT (${N(NUMBER_BASE)} + i)::text,
      CASE fn WHEN 'veterinary' THEN CASE locale WHEN 'nl' THEN 'Dierenartsenpraktijk ' ELSE 'Clinique vétérinaire ' END || family_name
              WHEN 'pharmacist' THEN CASE locale WHEN 'nl' THEN 'Apotheek ' ELSE 'Pharmacie ' END || family_name
              WHEN 'wholesaler' THEN family_name || ' Vet Distribution'
              WHEN 'supplier' THEN family_name || ' Animal Health'
              ELSE given_name || ' ' || family_name END,
      fn,
      CASE WHEN fn = 'student' THEN NULL
           -- BE0 + 7 digits + mod-97 check (valid Belgian VAT numbers).
           ELSE 'BE0' || lpad((2000000 + i * 97 % 7999999)::text, 7, '0')
                || lpad((97 - (2000000 + i * 97 % 7999999)::bigint % 97)::text, 2, '0') END,
      fn = 'student',
      CASE WHEN fn = 'veterinary' THEN 'DEP-' || (40000 + i) END,
      CASE WHEN fn = 'veterinary' THEN 'N-' || (50000 + i) END,
      CASE WHEN fn = 'pharmacist' THEN 'APB-' || (510000 + i) END,
      CASE WHEN fn = 'veterinary' THEN ARRAY[${pick(['pet', 'livestock', 'equine', 'exotic'], R('activity_kind', 'i'))}]
           ELSE '{}'::text[] END,
      (${spIds})[region + 1],
      ${R('opt_in', 'i')} < 0.6,
      (${T} - ${N(size.years * 366 + 30)})::timestamptz
    FROM dsg_customer ORDER BY i`);
  await db.execute(sql`ALTER TABLE dsg_customer ADD COLUMN id int, ADD COLUMN price_list_id int`);
  await db.execute(sql`
    UPDATE dsg_customer d SET id = c.id,
      price_list_id = coalesce((SELECT id FROM price_lists WHERE code = d.fn), (SELECT id FROM price_lists WHERE code = 'default'))
    FROM customers c WHERE c.number = (${N(NUMBER_BASE)} + d.i)::text`);

  await db.execute(sql`
    INSERT INTO users (customer_id, login, email, password_hash, name, given_name, family_name, title, locale, role,
      function, price_list, vet_group_ids, can_import, supplier_promotion, email_verified, created_at)
    SELECT d.id, 'ds' || lpad(d.i::text, 6, '0') || '-' || k || '@' || ${DATASET_LOGIN_DOMAIN},
      'ds' || lpad(d.i::text, 6, '0') || '-' || k || '@' || ${DATASET_LOGIN_DOMAIN},
      ${opts.passwordHash},
      gn || ' ' || d.family_name, gn, d.family_name,
      CASE WHEN d.fn = 'veterinary' AND k = 1 THEN 'dr' END,
      d.locale, d.fn, d.fn, ${sql.raw(`CASE d.fn ${FUNCTIONS.map((f) => `WHEN '${f}' THEN '${priceListOfFunction(f)}'`).join(' ')} END`)},
      d.vet_group_ids, d.fn = 'wholesaler', d.fn = 'veterinary' AND ${R('supplier_promo', 'd.i')} < 0.5, true,
      (${T} - ${N(size.years * 366 + 30)})::timestamptz
    FROM dsg_customer d
    CROSS JOIN LATERAL generate_series(1, d.n_users) AS k
    CROSS JOIN LATERAL (SELECT CASE WHEN k = 1 THEN d.given_name
                                    ELSE ${pick(GIVEN, R('given_k', sql`d.i || ':' || k`))} END AS gn) g
    ORDER BY d.i, k`);
  await db.execute(sql`
    INSERT INTO users (login, email, password_hash, name, given_name, family_name, locale, role, price_list,
      can_order, email_verified)
    VALUES (${DATASET_STAFF_LOGIN}, ${DATASET_STAFF_LOGIN}, ${opts.passwordHash}, 'Équipe VetShop (dataset)',
      'Équipe', 'VetShop', 'fr', 'staff', 'default', false, true)`);

  // Main invoicing address, one delivery address, a second one for 25 %.
  await db.execute(sql`
    INSERT INTO addresses (customer_id, type, name, title, street, zip, city, state_code, country_code, phone, email,
      vat, lang, is_main, is_company, can_delete, opt_in, depot_number, created_at, updated_at)
    SELECT d.id, a.type, c.name, CASE WHEN a.type = 'invoicing' THEN 'mr' END,
      CASE a.n WHEN 0 THEN d.street ELSE ${pick(STREETS, R('dstreet', sql`d.i || ':' || a.n`))} || ' ' || (1 + a.n * 7 + d.i % 50) END,
      d.zip, d.city, d.state_code, 'BE', '+32 ' || (470 + d.i % 30) || ' ' || lpad((d.i * 7919 % 1000000)::text, 6, '0'),
      'ds' || lpad(d.i::text, 6, '0') || '-1@' || ${DATASET_LOGIN_DOMAIN},
      CASE WHEN a.type = 'invoicing' THEN c.vat END, d.locale, a.type = 'invoicing', a.type = 'invoicing',
      a.type <> 'invoicing', a.type = 'invoicing' AND c.opt_in, c.depot_number, c.created_at, c.created_at
    FROM dsg_customer d JOIN customers c ON c.id = d.id
    CROSS JOIN LATERAL (VALUES (0, 'invoicing'), (1, 'delivery'), (2, 'delivery')) AS a(n, type)
    WHERE a.n < 2 OR ${R('second_delivery', 'd.i')} < 0.25
    ORDER BY d.i, a.n`);
  const t1 = performance.now();

  // ---------------------------------------------------------------- orders
  // Sellable variants (no group restriction, sold on the website, not made to order) in a seeded
  // popularity order: low ranks sell most.
  await db.execute(sql`
    CREATE TABLE dsg_pool AS
    SELECT (row_number() OVER (ORDER BY md5(${sql.raw(`'${seed}:pool:'`)} || v.sku), v.sku) - 1)::int AS idx,
      v.id AS variant_id, v.name, v.tax_rate_bp
    FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 AND NOT v.made_to_order`);
  const poolSize = await count(db, sql`SELECT count(*) AS n FROM dsg_pool`);
  if (poolSize === 0) throw new Error('No sellable product variant: import the catalogue first.');
  await db.execute(sql`CREATE UNIQUE INDEX dsg_pool_idx ON dsg_pool (idx)`);

  // Orders: per customer round(years × mean × activity); days ago skewed to recent years (growth);
  // states by age: a recent tail still open (pending, processing, partially delivered), older
  // orders delivered, 2 % cancelled, 0.5 % partially delivered for long (products out of stock).
  const days = Math.round(size.years * 365.25);
  await db.execute(sql`
    CREATE TABLE dsg_sale AS
    SELECT z.*, row_number() OVER (ORDER BY date_order, ci, k)::int AS sk,
      'SO' || extract(year FROM date_order AT TIME ZONE 'UTC')::int
        || lpad(row_number() OVER (PARTITION BY extract(year FROM date_order AT TIME ZONE 'UTC')
                                   ORDER BY date_order, ci, k)::text, 6, '0') AS name
    FROM (
      SELECT y.customer_id, y.ci, y.k, y.key, y.age, y.price_list_id, y.state,
        ((${T} - y.age)::timestamp + make_interval(mins => y.minute)) AT TIME ZONE 'UTC' AS date_order,
        CASE WHEN y.state = 'delivery_partial' THEN greatest(y.n_lines, 2) ELSE y.n_lines END AS n_lines,
        CASE WHEN ${R('channel', 'y.key')} < 0.8 THEN 'web' ELSE ${pick(['phone', 'fax', 'mail'], R('channel_k', 'y.key'))} END AS channel,
        u.ids[1 + floor(${R('user', 'y.key')} * cardinality(u.ids))::int] AS user_id
      FROM (
        SELECT x.*,
          CASE WHEN age <= 2 THEN CASE WHEN ${R('state', 'key')} < 0.5 THEN 'pending' ELSE 'processing' END
               WHEN age < 10 THEN CASE WHEN ${R('state', 'key')} < 0.15 THEN 'processing'
                                       WHEN ${R('state', 'key')} < 0.40 THEN 'delivery_partial' ELSE 'delivery_full' END
               WHEN age < 60 THEN CASE WHEN ${R('state', 'key')} < 0.02 THEN 'cancel'
                                       WHEN ${R('state', 'key')} < 0.08 THEN 'delivery_partial' ELSE 'delivery_full' END
               ELSE CASE WHEN ${R('state', 'key')} < 0.02 THEN 'cancel'
                         WHEN ${R('state', 'key')} < 0.025 THEN 'delivery_partial' ELSE 'delivery_full' END END AS state
        FROM (
          SELECT d.id AS customer_id, d.i AS ci, d.price_list_id, k, d.i || ':' || k AS key,
            1 + floor(${N(days)} * power(${R('age', sql`d.i || ':' || k`)}, 1.15))::int AS age,
            (7 * 60 + floor(${R('minute', sql`d.i || ':' || k`)} * 600))::int AS minute,
            1 + floor(11 * power(${R('lines', sql`d.i || ':' || k`)}, 1.6))::int AS n_lines
          FROM dsg_customer d
          CROSS JOIN LATERAL generate_series(1, greatest(1, round(${N(size.years * size.ordersPerCustomerYear)} * d.activity)::int)) AS k
        ) x
      ) y
      JOIN (SELECT customer_id, array_agg(id ORDER BY id) AS ids FROM users WHERE customer_id IS NOT NULL
            GROUP BY customer_id) u ON u.customer_id = y.customer_id
    ) z`);
  await db.execute(sql`CREATE UNIQUE INDEX dsg_sale_sk ON dsg_sale (sk)`);

  // Lines: 65 % from the practice's own assortment (300 variants from a per-customer offset), the
  // rest from the whole catalogue, both skewed to popular ranks; a variant at most once per order.
  // Quantities: cancelled orders cancel everything; 2 % of delivered lines cancel some units;
  // partial orders deliver their first line fully, nothing of their last, part of the others.
  await db.execute(sql`
    CREATE TABLE dsg_line AS
    SELECT w.sk, w.pos, w.variant_id, w.name, w.tax_rate_bp, w.qty, w.discount_bp, w.price_unit_cents,
      w.discount_cents, w.price_unit_cents * w.qty - w.discount_cents AS amount_cents, w.qty_canceled,
      CASE WHEN w.state = 'delivery_full' THEN w.qty - w.qty_canceled
           WHEN w.state = 'delivery_partial' THEN CASE
             WHEN w.n = 1 THEN w.qty / 2
             WHEN w.pos = 1 THEN w.qty
             WHEN w.pos = w.n THEN 0
             WHEN w.r_deliver < 0.5 THEN w.qty
             ELSE floor(w.r_deliver * w.qty)::int END
           ELSE 0 END AS qty_delivered
    FROM (
      SELECT v.*, round(v.price_unit_cents::numeric * v.qty * v.discount_bp / 10000)::int AS discount_cents,
        CASE WHEN v.state = 'cancel' THEN v.qty
             WHEN v.state = 'delivery_full' AND v.r_cancel < 0.02 THEN 1 + floor(v.r_cancel / 0.02 * v.qty)::int
             ELSE 0 END AS qty_canceled,
        row_number() OVER (PARTITION BY v.sk ORDER BY v.ln)::int AS pos, count(*) OVER (PARTITION BY v.sk)::int AS n
      FROM (
        SELECT DISTINCT ON (s.sk, p.variant_id) s.sk, l.ln, s.state, p.variant_id, p.name, p.tax_rate_bp,
          1 + floor(12 * power(${R('qty', sql`s.key || ':' || l.ln`)}, 2.2))::int AS qty,
          CASE WHEN ${R('discount', sql`s.key || ':' || l.ln`)} < 0.06
               THEN (5 + floor(${R('discount_bp', sql`s.key || ':' || l.ln`)} * 4)::int * 5) * 100 ELSE 0 END AS discount_bp,
          coalesce(vp.net_cents, dp.net_cents, 1000) AS price_unit_cents,
          ${R('deliver', sql`s.key || ':' || l.ln`)} AS r_deliver,
          ${R('cancel_line', sql`s.key || ':' || l.ln`)} AS r_cancel
        FROM dsg_sale s
        CROSS JOIN LATERAL generate_series(1, s.n_lines) AS l(ln)
        JOIN dsg_pool p ON p.idx = CASE
          WHEN ${R('source', sql`s.key || ':' || l.ln`)} < 0.65
            THEN (floor(${R('assort', sql.raw('s.ci'))} * ${N(poolSize)})::int
                  + floor(300 * power(${R('assort_rank', sql`s.key || ':' || l.ln`)}, 2))::int) % ${N(poolSize)}
          ELSE floor(${N(poolSize)} * power(${R('global_rank', sql`s.key || ':' || l.ln`)}, 3))::int END
        LEFT JOIN variant_prices vp ON vp.variant_id = p.variant_id AND vp.price_list_id = s.price_list_id
        LEFT JOIN variant_prices dp ON dp.variant_id = p.variant_id
          AND dp.price_list_id = (SELECT id FROM price_lists WHERE code = 'default')
        ORDER BY s.sk, p.variant_id, l.ln
      ) v
    ) w`);
  // A partial order of one single-unit line delivered nothing after all: it is still processing.
  await db.execute(sql`
    UPDATE dsg_sale s SET state = 'processing' WHERE state = 'delivery_partial'
      AND NOT EXISTS (SELECT 1 FROM dsg_line l WHERE l.sk = s.sk AND l.qty_delivered > 0)`);

  // Totals: product lines, a handling fee of 10.50 EUR (21 % VAT) below 150 EUR (docs/product/constants.md),
  // VAT per rate on the rate's lines and fee, rounded half-up (as a placed order, docs/decisions/order-totals.md).
  // Set-based: a subquery per sale over the per-rate rows read them all once per sale (hours at scale).
  await db.execute(sql`
    CREATE TABLE dsg_total AS
    WITH per_rate AS (SELECT sk, tax_rate_bp AS rate, sum(amount_cents) AS base FROM dsg_line GROUP BY sk, tax_rate_bp),
    fees AS (SELECT sk, untaxed, CASE WHEN untaxed < 15000 THEN 1050 ELSE 0 END AS fee
             FROM (SELECT sk, sum(base)::int AS untaxed FROM per_rate GROUP BY sk) g),
    bases AS (SELECT sk, rate, sum(base) AS base FROM (
                SELECT sk, rate, base FROM per_rate
                UNION ALL SELECT sk, 2100, fee FROM fees WHERE fee > 0) b
              GROUP BY sk, rate),
    taxes AS (SELECT sk, sum(round(base::numeric * rate / 10000))::int AS tax FROM bases GROUP BY sk)
    SELECT f.sk, f.untaxed, f.fee, t.tax FROM fees f JOIN taxes t ON t.sk = f.sk`);
  await db.execute(sql`
    INSERT INTO sales (name, customer_id, user_id, state, sale_channel, date_order, invoicing_address, delivery_address,
      carrier_id, carrier_name, payment_mode, amount_untaxed_cents, amount_tax_cents, amount_total_cents, shipping_cents,
      created_at)
    SELECT s.name, s.customer_id, s.user_id, s.state, s.channel, s.date_order,
      ${addressSnapshotSql('invoicing')},
      ${addressSnapshotSql('delivery')},
      c.id, c.name, 'on_account',
      t.untaxed + t.fee, t.tax, t.untaxed + t.fee + t.tax, t.fee, s.date_order
    FROM dsg_sale s JOIN dsg_total t ON t.sk = s.sk
    LEFT JOIN carriers c ON c.code = 'own_van'
    ORDER BY s.sk`);
  await db.execute(sql`
    CREATE TABLE dsg_sale_id AS SELECT s.sk, x.id, s.state, s.date_order, s.key FROM dsg_sale s JOIN sales x ON x.name = s.name`);
  await db.execute(sql`CREATE UNIQUE INDEX dsg_sale_id_sk ON dsg_sale_id (sk)`);
  await db.execute(sql`
    INSERT INTO sale_lines (sale_id, variant_id, name, qty, qty_delivered, qty_canceled, qty_unavailable,
      price_unit_cents, discount_bp, discount_cents, amount_cents, tax_rate_bp, is_delivery)
    SELECT sale_id, variant_id, name, qty, qty_delivered, qty_canceled, qty_unavailable, price_unit_cents, discount_bp,
      discount_cents, amount_cents, tax_rate_bp, is_delivery FROM (
      -- The units still to ship of an open order wait for stock (its backorder) when the variant
      -- has none to give: its stock state is not an in-stock one (no stock level rows here; the
      -- stock module's reading of a state, docs/decisions/stock-moves.md).
      SELECT m.id, l.variant_id, l.name, l.qty, l.qty_delivered, l.qty_canceled,
        CASE WHEN m.state IN ('pending', 'processing', 'delivery_partial')
                  AND NOT v.stock_state = ANY(${sql.param([...IN_STOCK_STATES])}::text[])
             THEN greatest(0, l.qty - l.qty_delivered - l.qty_canceled) ELSE 0 END,
        l.price_unit_cents, l.discount_bp, l.discount_cents, l.amount_cents, l.tax_rate_bp, false, l.sk, l.pos
      FROM dsg_line l JOIN dsg_sale_id m ON m.sk = l.sk JOIN product_variants v ON v.id = l.variant_id
      UNION ALL
      SELECT m.id, NULL, 'Handling fee', 1, 0, 0, 0, t.fee, 0, 0, t.fee, 2100, true, t.sk, 1000
      FROM dsg_total t JOIN dsg_sale_id m ON m.sk = t.sk WHERE t.fee > 0
    ) x (sale_id, variant_id, name, qty, qty_delivered, qty_canceled, qty_unavailable, price_unit_cents, discount_bp,
         discount_cents, amount_cents, tax_rate_bp, is_delivery, sk, pos)
    ORDER BY sk, pos`);
  const t2 = performance.now();

  // ---------------------------------------------------------------- documents
  // One picking per order with delivered units, 1–3 days after the order (never after today).
  await db.execute(sql`
    INSERT INTO pickings (sale_id, name, carrier_name, date_done, lines, created_at)
    SELECT m.id, x.name || '/OUT/001', 'Livraison VetShop (camionnette)',
      least(${T} - 1, (m.date_order AT TIME ZONE 'UTC')::date + 1 + floor(${R('pick_days', 'm.key')} * 3)::int),
      d.lines, m.date_order
    FROM dsg_sale_id m JOIN sales x ON x.id = m.id
    JOIN (SELECT sale_id, jsonb_object_agg(id::text, qty_delivered) AS lines FROM sale_lines
          WHERE NOT is_delivery AND qty_delivered > 0 GROUP BY sale_id) d ON d.sale_id = m.id
    WHERE m.state IN ('delivery_full', 'delivery_partial')
    ORDER BY m.sk`);
  // One invoice per picking older than 3 days: the delivered units and the handling fee.
  await db.execute(sql`
    INSERT INTO invoices (name, type, sale_id, customer_id, date, amount_untaxed_cents, amount_tax_cents,
      amount_total_cents, lines, created_at)
    SELECT 'INV/' || extract(year FROM p.date_done)::int || '/'
        || lpad(row_number() OVER (PARTITION BY extract(year FROM p.date_done) ORDER BY p.date_done, p.sale_id)::text, 6, '0'),
      'invoice', x.id, x.customer_id, p.date_done, a.untaxed, a.tax, a.untaxed + a.tax, a.lines, p.date_done::timestamptz
    FROM pickings p JOIN dsg_sale_id m ON m.id = p.sale_id JOIN sales x ON x.id = p.sale_id
    JOIN LATERAL ${deliveredAmountsSql(sql`p.sale_id`)} a ON true
    WHERE p.date_done <= ${T} - 3
    ORDER BY p.date_done, p.sale_id`);
  // Credit notes for 2 % of invoices: one unit of one line, 10 days later (never after today).
  await db.execute(sql`
    INSERT INTO invoices (name, type, sale_id, customer_id, date, amount_untaxed_cents, amount_tax_cents,
      amount_total_cents, lines, created_at)
    SELECT 'CN/' || extract(year FROM c.date)::int || '/'
        || lpad(row_number() OVER (PARTITION BY extract(year FROM c.date) ORDER BY c.date, c.sale_id)::text, 6, '0'),
      'credit_note', c.sale_id, c.customer_id, c.date, c.untaxed, c.tax, c.untaxed + c.tax,
      jsonb_build_object(c.line_id::text, 1), c.date::timestamptz
    FROM (
      SELECT i.sale_id, i.customer_id, least(${T} - 1, i.date + 10) AS date, l.id AS line_id,
        round(l.amount_cents::numeric / l.qty)::int AS untaxed,
        round(round(l.amount_cents::numeric / l.qty) * l.tax_rate_bp / 10000)::int AS tax
      FROM invoices i JOIN dsg_sale_id m ON m.id = i.sale_id
      JOIN LATERAL (
        SELECT l.* FROM sale_lines l JOIN product_variants v ON v.id = l.variant_id
        WHERE l.sale_id = i.sale_id AND NOT l.is_delivery AND l.qty_delivered > 0
        ORDER BY md5(${sql.raw(`'${seed}:credit_line:'`)} || m.key || ':' || v.sku) LIMIT 1) l ON true
      WHERE i.type = 'invoice' AND ${R('credit', 'm.key')} < 0.02
    ) c
    ORDER BY c.date, c.sale_id`);
  const t3 = performance.now();

  const counts = await datasetCounts(db);
  await dropStaging(db);
  return {
    counts,
    phasesMs: { accounts: Math.round(t1 - t0), orders: Math.round(t2 - t1), documents: Math.round(t3 - t2) },
  };
}

/** Counts of the generated rows (see {@link DatasetCounts}). */
export async function datasetCounts(db: Db): Promise<DatasetCounts> {
  const rows = (
    await db.execute<Record<keyof DatasetCounts, number | string>>(sql`
      WITH c AS (SELECT id FROM customers c WHERE ${isDatasetCustomer('c')}),
           s AS (SELECT id, state FROM sales WHERE customer_id IN (SELECT id FROM c))
      SELECT (SELECT count(*) FROM c) AS customers,
        (SELECT count(*) FROM users WHERE customer_id IN (SELECT id FROM c)) AS users,
        (SELECT count(*) FROM addresses WHERE customer_id IN (SELECT id FROM c)) AS addresses,
        (SELECT count(*) FROM s) AS sales,
        (SELECT count(*) FROM sale_lines WHERE sale_id IN (SELECT id FROM s) AND NOT is_delivery) AS "saleLines",
        (SELECT count(*) FROM pickings WHERE sale_id IN (SELECT id FROM s)) AS pickings,
        (SELECT count(*) FROM invoices WHERE customer_id IN (SELECT id FROM c) AND type = 'invoice') AS invoices,
        (SELECT count(*) FROM invoices WHERE customer_id IN (SELECT id FROM c) AND type = 'credit_note') AS "creditNotes",
        (SELECT count(*) FROM sale_lines l JOIN s ON s.id = l.sale_id
          WHERE s.state NOT IN ('cancel', 'delivery_full') AND NOT l.is_delivery
            AND l.qty - l.qty_delivered - l.qty_canceled > 0) AS "backorderLines",
        (SELECT count(*) FROM sale_lines l JOIN s ON s.id = l.sale_id
          WHERE NOT l.is_delivery AND l.qty_unavailable > 0) AS "waitingLines"`)
  ).rows[0];
  const n = (v: number | string | undefined): number => Number(v ?? 0);
  return {
    customers: n(rows?.customers),
    users: n(rows?.users),
    addresses: n(rows?.addresses),
    sales: n(rows?.sales),
    saleLines: n(rows?.saleLines),
    pickings: n(rows?.pickings),
    invoices: n(rows?.invoices),
    creditNotes: n(rows?.creditNotes),
    backorderLines: n(rows?.backorderLines),
    waitingLines: n(rows?.waitingLines),
  };
}

/**
 * md5 of the generated rows without surrogate ids or password hashes (customers by number, users
 * by login, orders by name, lines by order and position, documents by name with their quantities
 * keyed by line position): equal for two builds with the same seed, today, size and catalogue.
 */
export async function datasetChecksum(db: Db): Promise<string> {
  const rows = (
    await db.execute<{ h: string }>(sql`
      WITH c AS (SELECT * FROM customers c WHERE ${isDatasetCustomer('c')}),
      s AS (SELECT x.*, c.number FROM sales x JOIN c ON c.id = x.customer_id),
      l AS (SELECT l.*, s.name AS sale_name, row_number() OVER (PARTITION BY l.sale_id ORDER BY l.id) AS pos,
              v.sku FROM sale_lines l JOIN s ON s.id = l.sale_id LEFT JOIN product_variants v ON v.id = l.variant_id),
      parts AS (
        SELECT 1 AS k, number AS key, concat_ws('|', number, name, function, vat, depot_number, apb_number,
          vet_activities::text, opt_in, created_at) AS v FROM c
        UNION ALL SELECT 2, u.login, concat_ws('|', u.login, c.number, u.name, u.locale, u.role, u.price_list,
          u.vet_group_ids::text, u.can_import, u.supplier_promotion) FROM users u JOIN c ON c.id = u.customer_id
        UNION ALL SELECT 3, c.number || a.type || a.street, concat_ws('|', c.number, a.type, a.street, a.zip, a.city,
          a.is_main) FROM addresses a JOIN c ON c.id = a.customer_id
        UNION ALL SELECT 4, s.name, concat_ws('|', s.name, s.number, s.state, s.sale_channel, s.date_order,
          s.amount_untaxed_cents, s.amount_tax_cents, s.amount_total_cents, s.shipping_cents,
          s.delivery_address::text) FROM s
        UNION ALL SELECT 5, l.sale_name || ':' || lpad(l.pos::text, 4, '0'), concat_ws('|', l.sale_name, l.pos, l.sku,
          l.qty, l.qty_delivered, l.qty_canceled, l.price_unit_cents, l.discount_bp, l.amount_cents, l.tax_rate_bp,
          l.is_delivery) FROM l
        UNION ALL SELECT k, key, concat_ws('|', key, extra, string_agg(l.pos || '=' || d.units, ',' ORDER BY l.pos))
        FROM (
          SELECT 6 AS k, p.name AS key, p.date_done::text AS extra, q.key::int AS line_id, q.value AS units
          FROM pickings p JOIN s ON s.id = p.sale_id CROSS JOIN LATERAL jsonb_each_text(p.lines) q
          UNION ALL
          SELECT 7, i.name, concat_ws('|', i.type, s.name, i.date, i.amount_untaxed_cents, i.amount_tax_cents,
            i.amount_total_cents), q.key::int, q.value
          FROM invoices i JOIN s ON s.id = i.sale_id CROSS JOIN LATERAL jsonb_each_text(i.lines) q
        ) d JOIN l ON l.id = d.line_id
        GROUP BY k, key, extra
      )
      SELECT md5(string_agg(md5(v), '' ORDER BY k, key, v)) AS h FROM parts`)
  ).rows;
  return rows[0]?.h ?? '';
}
