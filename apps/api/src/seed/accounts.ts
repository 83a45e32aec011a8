/**
 * Demo accounts of the embedded default (docs/decisions/credentials-sign-in.md "The embedded default seeds one demo customer
 * account per function ... and one staff account"; README "Demo accounts").
 *
 * - One customer and one user per function (nurse, veterinary, student, supplier, wholesaler,
 *   pharmacist): login `<function>@demo.vetshop.be`, price list = function, email verified, a main
 *   invoicing address and one delivery address, a sales person. The veterinary user is in one
 *   veterinary group (so group-restricted products show) and sees supplier promotions; the
 *   wholesaler may import orders (CSV).
 * - One staff user: `staff@demo.vetshop.be`.
 * - Every demo user has the password DEMO_PASSWORD.
 * - Three association sales persons (Brussels, Wallonia, Flanders).
 *
 * Idempotent: sales persons are found by email, accounts by login; what exists is left as it is,
 * what is missing is created. The whole run is one transaction holding an advisory lock, so two
 * api processes starting together on one server do not both create the accounts. main.ts runs it on the
 * embedded PGlite default (SEED_DEMO_ACCOUNTS=auto) or when SEED_DEMO_ACCOUNTS=true; never on a
 * DATABASE_URL server otherwise.
 */
import { eq, sql } from 'drizzle-orm';
import { FUNCTIONS, priceListOfFunction, type CustomerFunction, type Locale } from '@vetshop/domain';
import type { Db, Tx } from '../db/client.ts';
import { addresses, customers, salesPersons, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/index.ts';

/** The shared password of every demo user (documented in the README). */
export const DEMO_PASSWORD = 'vetshop-demo-2026';

/** Login of the demo user of `fn`. */
export function demoLogin(fn: CustomerFunction | 'staff'): string {
  return `${fn}@demo.vetshop.be`;
}

/** Every demo login: one per function, then staff. */
export const DEMO_LOGINS: readonly string[] = [...FUNCTIONS.map((f) => demoLogin(f)), demoLogin('staff')];

type Region = 'brussels' | 'wallonia' | 'flanders';

/** The association's sales persons, one per Belgian region. */
export const DEMO_SALES_PERSONS: readonly {
  region: Region;
  name: string;
  email: string;
  phone: string;
  street: string;
  zip: string;
  city: string;
}[] = [
  {
    region: 'brussels',
    name: 'Nadia El Amrani',
    email: 'nadia.elamrani@vetshop.be',
    phone: '+32 2 512 40 30',
    street: 'Boulevard Anspach 60',
    zip: '1000',
    city: 'Bruxelles',
  },
  {
    region: 'wallonia',
    name: 'Sophie Lambert',
    email: 'sophie.lambert@vetshop.be',
    phone: '+32 81 22 45 10',
    street: 'Rue de Fer 25',
    zip: '5000',
    city: 'Namur',
  },
  {
    region: 'flanders',
    name: 'Pieter Vermeulen',
    email: 'pieter.vermeulen@vetshop.be',
    phone: '+32 9 233 18 70',
    street: 'Kortrijksesteenweg 112',
    zip: '9000',
    city: 'Gent',
  },
];

interface DemoAddress {
  name: string;
  street: string;
  zip: string;
  city: string;
  stateCode: string;
}

interface DemoAccount {
  fn: CustomerFunction;
  number: string;
  company: string;
  givenName: string;
  familyName: string;
  title: 'mrs' | 'mr' | 'dr';
  locale: Locale;
  /** Belgian VAT numbers with a valid mod-97 check; null = VAT pending. */
  vat: string | null;
  region: Region;
  mobile: string;
  invoicing: DemoAddress;
  delivery: DemoAddress;
}

/** The demo practices, one per function. Customer numbers `D…` never collide with approved ones (digits only). */
const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    fn: 'nurse',
    number: 'D00001',
    company: 'Julie Maes — soins vétérinaires',
    givenName: 'Julie',
    familyName: 'Maes',
    title: 'mrs',
    locale: 'fr',
    vat: 'BE0412345614',
    region: 'wallonia',
    mobile: '+32 475 12 34 56',
    invoicing: {
      name: 'Julie Maes',
      street: 'Rue Saint-Gilles 112',
      zip: '4000',
      city: 'Liège',
      stateCode: 'WLG',
    },
    delivery: {
      name: 'Clinique du Val — Julie Maes',
      street: 'Avenue de l’Observatoire 9',
      zip: '4000',
      city: 'Liège',
      stateCode: 'WLG',
    },
  },
  {
    fn: 'veterinary',
    number: 'D00002',
    company: 'Dierenartsenpraktijk De Linde',
    givenName: 'Pieter',
    familyName: 'De Smet',
    title: 'dr',
    locale: 'nl',
    vat: 'BE0523456738',
    region: 'flanders',
    mobile: '+32 476 23 45 67',
    invoicing: {
      name: 'Dierenartsenpraktijk De Linde',
      street: 'Lindenlaan 14',
      zip: '9000',
      city: 'Gent',
      stateCode: 'VOV',
    },
    delivery: {
      name: 'De Linde — tweede vestiging',
      street: 'Brugsesteenweg 201',
      zip: '9030',
      city: 'Mariakerke',
      stateCode: 'VOV',
    },
  },
  {
    fn: 'student',
    number: 'D00003',
    company: 'Thomas Dubois (étudiant en médecine vétérinaire)',
    givenName: 'Thomas',
    familyName: 'Dubois',
    title: 'mr',
    locale: 'fr',
    vat: null,
    region: 'brussels',
    mobile: '+32 477 34 56 78',
    invoicing: {
      name: 'Thomas Dubois',
      street: 'Chaussée de Wavre 350',
      zip: '1050',
      city: 'Ixelles',
      stateCode: 'BBR',
    },
    delivery: {
      name: 'Thomas Dubois — kot',
      street: 'Rue des Wallons 12',
      zip: '1348',
      city: 'Louvain-la-Neuve',
      stateCode: 'WBR',
    },
  },
  {
    fn: 'supplier',
    number: 'D00004',
    company: 'VetSupply Benelux SA',
    givenName: 'Claire',
    familyName: 'Renard',
    title: 'mrs',
    locale: 'en',
    vat: 'BE0634567862',
    region: 'wallonia',
    mobile: '+32 478 45 67 89',
    invoicing: {
      name: 'VetSupply Benelux SA',
      street: 'Avenue Einstein 8',
      zip: '1300',
      city: 'Wavre',
      stateCode: 'WBR',
    },
    delivery: {
      name: 'VetSupply Benelux — entrepôt',
      street: 'Rue de l’Industrie 21',
      zip: '1400',
      city: 'Nivelles',
      stateCode: 'WBR',
    },
  },
  {
    fn: 'wholesaler',
    number: 'D00005',
    company: 'Pharmavet Distribution NV',
    givenName: 'Koen',
    familyName: 'Janssens',
    title: 'mr',
    locale: 'nl',
    vat: 'BE0745678986',
    region: 'flanders',
    mobile: '+32 479 56 78 90',
    invoicing: {
      name: 'Pharmavet Distribution NV',
      street: 'Noorderlaan 133',
      zip: '2030',
      city: 'Antwerpen',
      stateCode: 'VAN',
    },
    delivery: {
      name: 'Pharmavet — magazijn Mechelen',
      street: 'Industriepark 5',
      zip: '2800',
      city: 'Mechelen',
      stateCode: 'VAN',
    },
  },
  {
    fn: 'pharmacist',
    number: 'D00006',
    company: 'Pharmacie du Parc',
    givenName: 'Amélie',
    familyName: 'Lemaire',
    title: 'mrs',
    locale: 'fr',
    vat: 'BE0856789023',
    region: 'wallonia',
    mobile: '+32 470 67 89 01',
    invoicing: {
      name: 'Pharmacie du Parc',
      street: 'Place d’Armes 3',
      zip: '5000',
      city: 'Namur',
      stateCode: 'WNA',
    },
    delivery: {
      name: 'Pharmacie du Parc — dépôt',
      street: 'Chaussée de Louvain 480',
      zip: '5004',
      city: 'Bouge',
      stateCode: 'WNA',
    },
  },
];

/** The transaction the seed runs in. */

/** Key of the transaction-scoped advisory lock of the demo seed. */
const DEMO_SEED_LOCK = 7_300_002;

/** What a seeding run did: the logins it created (empty when everything existed). */
export interface DemoSeedResult {
  created: string[];
  logins: readonly string[];
}

/**
 * Id of the veterinary group of the demo veterinary user: the catalogue's `companion` group when
 * present, else the group holding the most restricted products (then the lowest sequence); null
 * when there is no group.
 */
async function demoVetGroupId(db: Tx): Promise<number | null> {
  const rows = await db.execute<{ id: number }>(sql`
    SELECT g.id FROM vet_groups g
    ORDER BY (g.code = 'companion') DESC,
             (SELECT count(*) FROM products p WHERE g.id = ANY (p.vet_group_ids)) DESC,
             g.sequence, g.id
    LIMIT 1`);
  const id = rows.rows[0]?.id;
  return id === undefined ? null : Number(id);
}

/** Sales person ids by region, creating the missing ones (found by email). */
async function ensureSalesPersons(db: Tx): Promise<Record<Region, number>> {
  const ids = {} as Record<Region, number>;
  for (const sp of DEMO_SALES_PERSONS) {
    const [found] = await db
      .select({ id: salesPersons.id })
      .from(salesPersons)
      .where(eq(salesPersons.email, sp.email))
      .limit(1);
    if (found) {
      ids[sp.region] = found.id;
      continue;
    }
    const { region, ...values } = sp;
    const [row] = await db
      .insert(salesPersons)
      .values({ ...values, countryCode: 'BE' })
      .returning({ id: salesPersons.id });
    ids[region] = row!.id;
  }
  return ids;
}

async function loginExists(db: Tx, login: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.login, login)).limit(1);
  return row !== undefined;
}

/**
 * Seeds the demo accounts (see the module comment); safe to run at every start. Returns the logins
 * it created and every demo login. The catalogue should be imported first (the veterinary user's
 * group comes from its vet_groups rows; without any, the user has no group).
 */
export async function seedDemoAccounts(db: Db): Promise<DemoSeedResult> {
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    return seedIn(tx);
  });
  return { created, logins: DEMO_LOGINS };
}

async function seedIn(db: Tx): Promise<string[]> {
  const salesPersonIds = await ensureSalesPersons(db);
  const created: string[] = [];
  let passwordHash: string | null = null;
  const hash = async () => (passwordHash ??= await hashPassword(DEMO_PASSWORD));

  for (const account of DEMO_ACCOUNTS) {
    const login = demoLogin(account.fn);
    if (await loginExists(db, login)) continue;
    const vetGroupId = account.fn === 'veterinary' ? await demoVetGroupId(db) : null;
    const phc = await hash();
    let [customer] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.number, account.number))
      .limit(1);
    if (!customer) {
      [customer] = await db
        .insert(customers)
        .values({
          number: account.number,
          name: account.company,
          function: account.fn,
          vat: account.vat,
          vatPending: account.vat === null,
          vetActivities: account.fn === 'veterinary' ? ['pet', 'exotic'] : [],
          depotNumber: account.fn === 'veterinary' ? 'DEP-40213' : null,
          subscriptionNumber: account.fn === 'veterinary' ? 'N-58214' : null,
          apbNumber: account.fn === 'pharmacist' ? 'APB-512034' : null,
          salesPersonId: salesPersonIds[account.region],
          optIn: true,
        })
        .returning({ id: customers.id });
      const common = {
        customerId: customer!.id,
        countryCode: 'BE',
        phone: account.mobile,
        email: login,
        lang: account.locale,
      };
      await db.insert(addresses).values([
        {
          ...common,
          ...account.invoicing,
          type: 'invoicing',
          title: account.title,
          vat: account.vat,
          isMain: true,
          isCompany: true,
          canDelete: false,
          optIn: true,
        },
        { ...common, ...account.delivery, type: 'delivery' },
      ]);
    }
    await db.insert(users).values({
      customerId: customer!.id,
      login,
      email: login,
      passwordHash: phc,
      name: `${account.givenName} ${account.familyName}`,
      givenName: account.givenName,
      familyName: account.familyName,
      title: account.title,
      mobile: account.mobile,
      locale: account.locale,
      role: account.fn,
      function: account.fn,
      priceList: priceListOfFunction(account.fn),
      vetGroupIds: vetGroupId === null ? [] : [vetGroupId],
      canImport: account.fn === 'wholesaler',
      // The demo veterinary sees the suppliers' free-goods promotions (docs/decisions/promotions-visibility.md).
      supplierPromotion: account.fn === 'veterinary',
      emailVerified: true,
    });
    created.push(login);
  }

  const staff = demoLogin('staff');
  if (!(await loginExists(db, staff))) {
    await db.insert(users).values({
      login: staff,
      email: staff,
      passwordHash: await hash(),
      name: 'Équipe VetShop',
      givenName: 'Équipe',
      familyName: 'VetShop',
      locale: 'fr',
      role: 'staff',
      priceList: 'default',
      canOrder: false,
      emailVerified: true,
    });
    created.push(staff);
  }
  return created;
}
