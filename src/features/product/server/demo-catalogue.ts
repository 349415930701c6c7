import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { productCategories, products, productVariants } from '@/server/db/schema/product';
import { newId } from '@/server/ids';
import { ZProductInput, type TProductInput } from '../product.schemas';
import { insertProduct } from './save-product';

type DemoProduct = Omit<Partial<TProductInput>, 'variants'> & {
  name: string;
  category: string;
  variants: TProductInput['variants'];
};

/** Bought at about 60 % of the price (the margin report has something to say); `null`: no cost set. */
const single = (
  price: number,
  sku: string,
  stock: number,
  barcode?: string,
  costPrice: number | null = price * 0.6,
) => [{ optionValues: [], price, sku, stock, barcode: barcode ?? null, costPrice }];

/** The demo shop's catalogue: what a Dakar boutique sells, with low and empty stock to see the alerts. */
const PRODUCTS: DemoProduct[] = [
  {
    name: 'Bissap 1 L',
    category: 'Boissons',
    lowStockThreshold: 5,
    variants: single(1500, 'BIS-1L', 3, '2001234567893'),
  },
  {
    name: 'Jus de bouye 50 cl',
    category: 'Boissons',
    lowStockThreshold: 5,
    variants: single(1000, 'BOU-50', 24),
  },
  {
    name: 'Café Touba 250 g',
    category: 'Épicerie',
    lowStockThreshold: 4,
    variants: single(2500, 'CAF-250', 18),
  },
  {
    name: 'Thé vert Ataya',
    category: 'Épicerie',
    lowStockThreshold: 10,
    // No cost price: the margin report lists it apart, as a shop that never entered one.
    variants: single(750, 'THE-ATA', 0, undefined, null),
  },
  {
    name: 'Beurre de karité 200 ml',
    category: 'Beauté',
    lowStockThreshold: 3,
    variants: single(3500, 'KAR-200', 12),
  },
  {
    name: 'Savon noir artisanal',
    category: 'Beauté',
    status: 'draft',
    variants: single(1200, 'SAV-NOIR', 30),
  },
  {
    name: 'Boubou brodé homme',
    category: 'Homme',
    descriptionHtml:
      '<p>Bazin riche brodé à la main à <strong>Thiès</strong>.</p><ul><li>100 % coton</li><li>Lavage à la main</li></ul>',
    lowStockThreshold: 1,
    options: [
      { name: 'Taille', values: ['M', 'L', 'XL'] },
      { name: 'Couleur', values: ['Blanc', 'Bleu'] },
    ],
    variants: ['M', 'L', 'XL'].flatMap((size, s) =>
      ['Blanc', 'Bleu'].map((color, c) => ({
        optionValues: [size, color],
        price: 35000 + s * 2500,
        compareAtPrice: 42000 + s * 2500,
        costPrice: 21000,
        sku: `BOU-${size}-${color === 'Blanc' ? 'BLC' : 'BLE'}`,
        stock: (s + c) % 3 === 0 ? 1 : 4,
      })),
    ),
  },
  {
    name: 'Pagne wax 6 yards',
    category: 'Femme',
    options: [{ name: 'Motif', values: ['Fleurs', 'Géométrique', 'Kente'] }],
    variants: ['Fleurs', 'Géométrique', 'Kente'].map((motif, i) => ({
      optionValues: [motif],
      price: 15000,
      costPrice: 9000,
      sku: `WAX-${i + 1}`,
      stock: 6 - i * 2,
    })),
    lowStockThreshold: 2,
  },
  {
    name: 'Sandales en cuir',
    category: 'Femme',
    options: [{ name: 'Pointure', values: ['37', '38', '39', '40'] }],
    variants: ['37', '38', '39', '40'].map((size) => ({
      optionValues: [size],
      price: 12000,
      costPrice: 6500,
      sku: `SAN-${size}`,
      stock: 3,
    })),
  },
];

/** Called inside the demo seed's transaction. */
export async function seedDemoCatalogue(tx: Executor, shopId: string, userId: string): Promise<void> {
  const ids = new Map<string, string>();
  const tree: Array<[string, string | null]> = [
    ['Boissons', null],
    ['Épicerie', null],
    ['Beauté', null],
    ['Mode', null],
    ['Homme', 'Mode'],
    ['Femme', 'Mode'],
  ];
  for (const [name, parent] of tree) {
    const id = newId();
    ids.set(name, id);
    await tx
      .insert(productCategories)
      .values({ id, shopId, name, parentId: parent ? ids.get(parent)! : null });
  }
  for (const { category, ...product } of PRODUCTS) {
    const input = ZProductInput.parse({ ...product, categoryId: ids.get(category) ?? null });
    await insertProduct(tx, shopId, input, userId);
  }
}

/** The demo shop's variants with their product and category names: what its history sells. */
export async function demoVariants(tx: Executor, shopId: string) {
  return tx
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      category: productCategories.name,
      categoryId: productCategories.id,
      price: productVariants.price,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(eq(productVariants.shopId, shopId))
    .orderBy(asc(products.name), asc(productVariants.id));
}
