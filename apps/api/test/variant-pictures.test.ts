/**
 * The picture of a cart, order or wishlist line's variant (modules/images `mainImageOfVariants`,
 * `picturesOfVariants`; docs/decisions/product-pictures.md): the first picture assigned to the
 * variant, else its product's first picture assigned to no variant — never a picture of another
 * variant; a variant without any has none (absent from `mainImageOfVariants`, `image: null` with
 * its family in `picturesOfVariants`); an unknown variant is absent from both. The priced cart
 * (carts/cart-view.ts `computeCart`), which reads its lines' pictures in its one statement, gives
 * each line the picture `picturesOfVariants` gives its variant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { cartLines, carts, catalogImages } from '../src/db/schema.ts';
import { computeCart } from '../src/modules/carts/cart-view.ts';
import { mainImageOfVariants, picturesOfVariants } from '../src/modules/images/service.ts';
import { createCustomer } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

describe.each(databaseTargets())('line pictures on $name', (target) => {
  let database: Database;
  /** Three variants of one product, and a variant of a product without pictures. */
  let v1 = 0;
  let v2 = 0;
  let v3 = 0;
  let bare = 0;
  /** Picture ids by name. */
  const pic: Record<string, number> = {};

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_variant_pictures_test'));
    await insertFixture(database.db);
    const many = await database.db.execute<{ product_id: number; ids: number[] }>(
      sql`SELECT product_id, array_agg(id ORDER BY id) AS ids FROM product_variants
          GROUP BY product_id HAVING count(*) >= 3 ORDER BY product_id LIMIT 1`,
    );
    const product = Number(many.rows[0]!.product_id);
    [v1, v2, v3] = many.rows[0]!.ids.map(Number) as [number, number, number];
    const other = await database.db.execute<{ id: number }>(
      sql`SELECT id FROM product_variants WHERE product_id <> ${product} ORDER BY id LIMIT 1`,
    );
    bare = Number(other.rows[0]!.id);
    const rendition = (n: number) => ({
      file_id: n,
      width: 160,
      height: 120,
      sha256: `${n}`.padEnd(64, 'a'),
    });
    const add = async (name: string, variantId: number | null, sequence: number) => {
      const n = Object.keys(pic).length + 1;
      const [row] = await database.db
        .insert(catalogImages)
        .values({
          productId: product,
          variantId,
          sequence,
          alt: { en: name },
          sizes: { small: rendition(n), medium: rendition(n), large: rendition(n), xlarge: rendition(n) },
          sourceSha256: `${n}`.padEnd(64, 'b'),
        })
        .returning({ id: catalogImages.id });
      pic[name] = row!.id;
    };
    // The product's own pictures come first by sequence, but a variant's picture wins for it.
    await add('product second', null, 2);
    await add('product first', null, 1);
    await add('of v1', v1, 5);
    await add('of v2', v2, 0);
    await add('of v1 later', v1, 7);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('chooses the variant’s first picture, else its product’s first unassigned one', async () => {
    const unknown = 2_000_000_000;
    const images = await mainImageOfVariants(database.db, [v1, v2, v3, v3, bare, unknown], 'en');
    expect(Object.fromEntries([...images].map(([id, image]) => [id, image.id]))).toEqual({
      [v1]: pic['of v1'],
      [v2]: pic['of v2'],
      [v3]: pic['product first'],
    });
    expect(images.get(v1)?.alt).toBe('of v1');
    expect(images.get(v1)?.small.src).toMatch(/^\/api\/images\/\d+-[0-9a-f]{16}\.webp$/);
  });

  it('gives each line its family and picture, none for a variant without any', async () => {
    const pictures = await picturesOfVariants(database.db, [v1, v3, bare, 2_000_000_000], 'en');
    expect([...pictures.keys()].sort((a, b) => a - b)).toEqual([v1, v3, bare].sort((a, b) => a - b));
    expect(pictures.get(v1)?.image?.id).toBe(pic['of v1']);
    expect(pictures.get(v3)?.image?.id).toBe(pic['product first']);
    expect(pictures.get(bare)?.image).toBeNull();
    expect(['meds', 'food', 'equipment']).toContain(pictures.get(bare)?.family);
  });

  it('gives each priced cart line the picture of its variant', async () => {
    const { customerId, userId } = await createCustomer(database.db, { login: 'line-pictures@example.test' });
    const [cart] = await database.db
      .insert(carts)
      .values({ uuid: 'line-pictures-cart', customerId, userId })
      .returning({ id: carts.id });
    const variants = [v3, bare, v1];
    await database.db
      .insert(cartLines)
      .values(variants.map((variantId) => ({ cartId: cart!.id, variantId, qty: 1 })));
    for (const locale of ['fr', 'nl', 'en'] as const) {
      const { cart: priced } = await computeCart(database.db, cart!.id, {
        customerId,
        userId,
        viewer: { priceList: 'veterinary', vetGroupIds: [] },
        canOrder: true,
        locale,
      });
      const pictures = await picturesOfVariants(database.db, variants, locale);
      const products = priced.lines.filter((l) => !l.is_delivery);
      expect(products.map((l) => l.product_id).sort()).toEqual([...variants].sort());
      for (const line of products)
        expect(line.picture, `${locale} ${line.product_id}`).toEqual(pictures.get(line.product_id!));
      expect(products.find((l) => l.product_id === v1)?.picture?.image?.id).toBe(pic['of v1']);
      expect(products.find((l) => l.product_id === bare)?.picture?.image).toBeNull();
    }
  });
});
