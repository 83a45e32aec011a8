/**
 * The signed-in customer's own record (docs/product/accounts.md#customer; docs/product/accounts.md#customer-calls): its sales person and its
 * newsletter subscription (docs/product/accounts.md#newsletter "Newsletter: subscribed or not, toggled").
 *
 * The subscription is one flag, `customers.opt_in`; `opt_out` on the wire is its negation (docs/product/accounts.md#customer-calls
 * PUT customer). The flags of the main (invoicing) address follow it so that both places agree.
 * Unlike the template the requirements were taken from (`opt_out || true`, always true), a false value is
 * stored as false.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { SalesPerson } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { addresses, customers, salesPersons } from '../../db/schema.ts';
import type { CustomerRow } from '../../http/index.ts';

/** The customer's sales person (name, contact and address), or null when none is assigned. */
export async function salesPersonOf(db: Db, customer: CustomerRow): Promise<SalesPerson | null> {
  if (customer.salesPersonId === null) return null;
  const [row] = await db
    .select()
    .from(salesPersons)
    .where(eq(salesPersons.id, customer.salesPersonId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: { street: row.street, zip: row.zip, city: row.city, country_code: row.countryCode },
  };
}

/**
 * Sets the newsletter subscription of customer `customerId` to `optIn` (exactly the boolean given)
 * and mirrors it on the main address (opt_in = optIn, opt_out = !optIn). Returns the updated row.
 */
export async function setNewsletter(db: Db, customerId: number, optIn: boolean): Promise<CustomerRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(customers).set({ optIn }).where(eq(customers.id, customerId)).returning();
    await tx
      .update(addresses)
      .set({ optIn, optOut: !optIn })
      .where(
        and(eq(addresses.customerId, customerId), eq(addresses.isMain, true), isNull(addresses.deletedAt)),
      );
    if (!row) throw new Error(`setNewsletter: no customer ${customerId}`);
    return row;
  });
}
