/**
 * npm run seed:large -- --shops N [--agents-per-shop N] [--notifications-per-shop N]
 *                       [--products N [--variants-per-product N] [--products-shop <id>]]
 *                       [--orders N [--clients N] [--order-days N] [--orders-shop <id>]]
 *                       [--other-shops N [--orders-per-other-shop N] [--other-shop-products N]]
 *
 * --orders goes to the --products shop (« Boutique Awa » by default) and sells its variants, so
 * seed products first (same run or before): `--products 20000 --orders 1000000 --other-shops 100`.
 * Clients default to orders / 20 (at most 50 000), with profiles (communes of Dakar and Abidjan,
 * tags, consents) and the figures the order module keeps; the period to 730 days; --other-shops adds
 * shops with 8 products, 30 orders and 10 clients each.
 *
 * Fills the configured database (DATABASE_URL, else .data/pglite — stop `npm start` first: the
 * folder is locked) with generated data, in set-based SQL so millions of rows take seconds.
 * Each module adds its generator to GENERATORS when its tables exist.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ensureAuthConfig, openConfiguredDatabase } from '../src/server/bootstrap';
import type { Database } from '../src/server/db';
import { productCategories, productVariants, shops } from '../src/server/db/schema';
import { DEMO_SHOP_SLUG } from '../src/features/demo/seed';
import { newId } from '../src/server/ids';
import { PLANS, effectivePlan } from '../src/shared/plans';
import { productSearchText } from '../src/features/product/server/product-rules';
import { orderSearchText, quotaMonthOf } from '../src/features/order/server/order.repository';
import { clientFiguresQuery } from '../src/features/order/server/client-figures';
import { dayjs } from '../src/shared/dayjs';

type Options = Record<string, number>;
/** The flags that take a text (an id) rather than a number. */
type Texts = Record<string, string>;
const TEXT_FLAGS = new Set(['products-shop', 'orders-shop']);
type Generator = {
  name: string;
  flag: string;
  run: (db: Database, options: Options, tag: string, texts: Texts) => Promise<string>;
};

function parseArgs(argv: string[], texts: Texts = {}): Options {
  const options: Options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    if (TEXT_FLAGS.has(arg.slice(2))) {
      const text = argv[i + 1];
      if (!text || text.startsWith('--')) throw new Error(`${arg} attend une valeur.`);
      texts[arg.slice(2)] = text;
      i++;
      continue;
    }
    const value = Number(argv[i + 1]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${arg} attend un nombre entier positif.`);
    options[arg.slice(2)] = value;
    i++;
  }
  return options;
}

const OTHER_ROLES = sql.raw(`array['supervisor','seller','cashier','inventory-manager']`);

const shopsGenerator: Generator = {
  name: 'boutiques, agents et notifications',
  flag: 'shops',
  async run(db, options, tag) {
    const shopCount = options.shops ?? 0;
    const agentsPerShop = Math.min(options['agents-per-shop'] ?? 3, 50);
    const notificationsPerShop = options['notifications-per-shop'] ?? 20;
    const users = shopCount * agentsPerShop;
    // Phones +22176xxxxxxx from a random base; a clash with an existing user is skipped.
    const base = Math.floor(Math.random() * (9_000_000 - users));
    await db.execute(sql`
      insert into users (id, phone, first_name, last_name)
      select ${`u${tag}`} || lpad(g::text, 9, '0'), '+22176' || lpad((${base} + g)::text, 7, '0'), 'Agent', 'N° ' || g
      from generate_series(1, ${users}) g
      on conflict do nothing`);
    await db.execute(sql`
      insert into shops (id, name, slug, seller_id, subscription_plan, free_trial_expires_at, currency, time_zone, country)
      select ${`s${tag}`} || lpad(g::text, 9, '0'), 'Boutique ' || g, ${`boutique-${tag}-`} || g,
             ${`u${tag}`} || lpad(((g - 1) * ${agentsPerShop} + 1)::text, 9, '0'),
             (array['free','starter','pro','business'])[1 + g % 4], now() + interval '14 days', 'XOF', 'Africa/Dakar', 'SN'
      from generate_series(1, ${shopCount}) g
      where exists (select 1 from users where id = ${`u${tag}`} || lpad(((g - 1) * ${agentsPerShop} + 1)::text, 9, '0'))`);
    await db.execute(sql`
      insert into agents (id, shop_id, user_id, role, first_name, last_name, phone)
      select ${`a${tag}`} || lpad(u.n::text, 9, '0'), ${`s${tag}`} || lpad(((u.n - 1) / ${agentsPerShop} + 1)::text, 9, '0'), u.id,
             case when (u.n - 1) % ${agentsPerShop} = 0 then 'admin' else (${OTHER_ROLES})[1 + (u.n - 1) % 4] end,
             u.first_name, u.last_name, u.phone
      from (select id, first_name, last_name, phone, substr(id, ${tag.length + 2})::int as n from users where id like ${`u${tag}%`}) u
      where exists (select 1 from shops where id = ${`s${tag}`} || lpad(((u.n - 1) / ${agentsPerShop} + 1)::text, 9, '0'))`);
    await db.execute(sql`
      insert into notifications (id, shop_id, type, title, description, is_read, created_at)
      select ${`n${tag}`} || lpad(s.n::text, 9, '0') || lpad(g::text, 6, '0'), s.id,
             (array['order','shop','product','low_stock'])[1 + g % 4], 'Notification ' || g, 'Générée', g % 3 = 0,
             now() - (g || ' minutes')::interval
      from (select id, substr(id, ${tag.length + 2})::int as n from shops where id like ${`s${tag}%`}) s, generate_series(1, ${notificationsPerShop}) g`);
    return `${shopCount} boutiques, ${users} agents, ${shopCount * notificationsPerShop} notifications`;
  },
};

/** db.execute answers node-postgres' or PGlite's result; both carry `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Accented letters the seed's names may hold, and their bare forms: normalizeForSearch in SQL. */
const ACCENTED = 'àâäáãéèêëíìîïóòôöõúùûüçñÿÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑŸ';
const BARE = 'aaaaaeeeeiiiiooooouuuucnyAAAAAEEEEIIIIOOOOOUUUUCNY';
const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A newId() in SQL: 10 base-32 characters of the milliseconds, then 10 of the given suffix. */
function sqlId(ms: ReturnType<typeof sql>, suffix: ReturnType<typeof sql>) {
  const chars = Array.from(
    { length: 10 },
    (_, i) => sql`substr(${ID_ALPHABET}, ((${ms} >> ${sql.raw(String(5 * (9 - i)))}) & 31)::int + 1, 1)`,
  );
  return sql`(${sql.join(chars, sql` || `)} || ${suffix})`;
}

/** Two levels: a few families, each with its shelves; a product sits on a shelf or on a family. */
const CATEGORY_TREE: Array<[string, string[]]> = [
  ['Boissons', ['Thés et infusions', 'Jus locaux']],
  ['Épicerie', ['Café', 'Condiments et épices']],
  ['Hygiène et beauté', ['Savons', 'Soins du corps']],
  ['Mode', ['Pagnes', 'Boubous', 'Chaussures']],
  ['Maison', []],
];

const PRODUCT_TYPES: Array<{
  name: string;
  code: string;
  category: string;
  option: string;
  values: string[];
  price: number;
}> = [
  {
    name: 'Thé vert à la menthe',
    code: 'THE',
    category: 'Thés et infusions',
    option: 'Format',
    values: ['100 g', '250 g', '500 g', '1 kg', 'Boîte de 20 sachets', 'Boîte de 50 sachets'],
    price: 750,
  },
  {
    name: 'Kinkéliba séché',
    code: 'KIN',
    category: 'Thés et infusions',
    option: 'Format',
    values: ['100 g', '250 g', '500 g', '1 kg', 'Sachet', 'Vrac'],
    price: 500,
  },
  {
    name: 'Jus de bissap',
    code: 'BIS',
    category: 'Jus locaux',
    option: 'Contenance',
    values: ['25 cl', '33 cl', '50 cl', '1 L', '1,5 L', '5 L'],
    price: 400,
  },
  {
    name: 'Jus de gingembre',
    code: 'GIN',
    category: 'Jus locaux',
    option: 'Contenance',
    values: ['25 cl', '33 cl', '50 cl', '1 L', '1,5 L', '5 L'],
    price: 450,
  },
  {
    name: 'Jus de bouye',
    code: 'BOU',
    category: 'Jus locaux',
    option: 'Contenance',
    values: ['25 cl', '33 cl', '50 cl', '1 L', '1,5 L', '5 L'],
    price: 500,
  },
  {
    name: 'Café Touba',
    code: 'CAF',
    category: 'Café',
    option: 'Format',
    values: ['250 g', '500 g', '1 kg', 'Moulu fin', 'En grains', 'Dosettes'],
    price: 1500,
  },
  {
    name: 'Épices à thiéboudienne',
    code: 'EPI',
    category: 'Condiments et épices',
    option: 'Format',
    values: ['50 g', '100 g', '250 g', '500 g', 'Pot', 'Recharge'],
    price: 300,
  },
  {
    name: 'Arachides grillées',
    code: 'ARA',
    category: 'Épicerie',
    option: 'Format',
    values: ['250 g', '500 g', '1 kg', '2 kg', '5 kg', 'Sac de 25 kg'],
    price: 600,
  },
  {
    name: 'Savon au karité',
    code: 'SAV',
    category: 'Savons',
    option: 'Parfum',
    values: ['Nature', 'Citronnelle', 'Vétiver', 'Coco', 'Lavande', 'Fleur d’oranger'],
    price: 350,
  },
  {
    name: 'Savon noir',
    code: 'SVN',
    category: 'Savons',
    option: 'Format',
    values: ['200 g', '500 g', '1 kg', 'Pain', 'Liquide 50 cl', 'Liquide 1 L'],
    price: 500,
  },
  {
    name: 'Beurre de karité',
    code: 'KAR',
    category: 'Soins du corps',
    option: 'Format',
    values: ['50 ml', '100 ml', '250 ml', '500 ml', '1 L', 'Pot familial'],
    price: 1200,
  },
  {
    name: 'Pagne wax',
    code: 'WAX',
    category: 'Pagnes',
    option: 'Couleur',
    values: ['Bleu', 'Rouge', 'Vert', 'Jaune', 'Orange', 'Violet'],
    price: 6000,
  },
  {
    name: 'Boubou brodé',
    code: 'BBO',
    category: 'Boubous',
    option: 'Taille',
    values: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
    price: 15000,
  },
  {
    name: 'Sandales en cuir',
    code: 'SAN',
    category: 'Chaussures',
    option: 'Pointure',
    values: ['38', '39', '40', '41', '42', '43'],
    price: 5000,
  },
  {
    name: 'Panier tressé',
    code: 'PAN',
    category: 'Maison',
    option: 'Taille',
    values: ['Petit', 'Moyen', 'Grand', 'Très grand', 'Lot de 2', 'Lot de 3'],
    price: 2500,
  },
  {
    name: 'Encens thiouraye',
    code: 'THI',
    category: 'Maison',
    option: 'Format',
    values: ['Sachet 50 g', 'Sachet 100 g', 'Pot 250 g', 'Pot 500 g', 'Coffret', 'Recharge'],
    price: 1000,
  },
];
const QUALIFIERS = [
  'Prestige',
  'Bio',
  'Artisanal',
  'Tradition',
  'de Thiès',
  'de Casamance',
  'du Saloum',
  'Sélection',
  'Éclat',
  'Délice',
  'Royal',
  'Économique',
  'Famille',
  'Fraîcheur',
  'de Kaolack',
  'Spécial fête',
];
const TAGS = ['Nouveauté', 'Promo', 'Local', 'Fait main', 'Best-seller'];
const MAX_VARIANTS_PER_PRODUCT = Math.min(...PRODUCT_TYPES.map((t) => t.values.length));

/** The shop named by --products-shop; else the demo « Boutique Awa »; else the first shop. */
async function targetShop(db: Database, wanted: string | undefined) {
  if (wanted) {
    const [shop] = await db.select().from(shops).where(eq(shops.id, wanted)).limit(1);
    if (!shop) throw new Error(`--products-shop : la boutique ${wanted} n'existe pas.`);
    return shop;
  }
  const [demo] = await db.select().from(shops).where(eq(shops.slug, DEMO_SHOP_SLUG)).limit(1);
  if (demo) return demo;
  const [first] = await db.select().from(shops).orderBy(shops.createdAt, shops.id).limit(1);
  if (!first)
    throw new Error(
      'Aucune boutique : démarrez le serveur une fois (boutique de démo) ou ajoutez --shops N.',
    );
  return first;
}

type ShopRow = typeof shops.$inferSelect;

/**
 * `count` products of `perProduct` variants each into one shop, in one transaction. `tag` makes
 * the ids and SKUs unique: give each shop its own when seeding several.
 */
async function seedProducts(db: Database, shop: ShopRow, count: number, perProduct: number, tag: string) {
  const shopId = shop.id;
  return db.transaction(async (tx) => {
    // Categories: reuse those of the same name and parent, so runs add up without duplicates.
    const categoryIds = new Map<string, string>();
    const existing = await tx.select().from(productCategories).where(eq(productCategories.shopId, shopId));
    const ensureCategory = async (name: string, parentId: string | null) => {
      const found = existing.find((c) => c.name === name && c.parentId === parentId);
      const id = found?.id ?? newId();
      if (!found) await tx.insert(productCategories).values({ id, shopId, name, parentId });
      categoryIds.set(name, id);
      return id;
    };
    for (const [family, shelves] of CATEGORY_TREE) {
      const familyId = await ensureCategory(family, null);
      for (const shelf of shelves) await ensureCategory(shelf, familyId);
    }

    // A barcode prefix « 2 » + 3 digits that no barcode of the shop uses yet: the run's codes are
    // then unique in the shop whatever earlier runs or the app created (in-store range 20–29).
    const used = await tx.execute(sql`
        select distinct substr(barcode, 2, 3) as p from product_variants
        where shop_id = ${shopId} and barcode ~ '^2[0-9]{12}$'`);
    const taken = new Set(rowsOf<{ p: string }>(used).map((r) => r.p));
    const free = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0')).filter(
      (p) => !taken.has(p),
    );
    if (free.length === 0) throw new Error('Plus de préfixe de code-barres libre dans cette boutique.');
    if (count * perProduct > 100_000_000) throw new Error('Trop de variantes pour un seul passage.');
    const barcodePrefix = '2' + free[Math.floor(Math.random() * free.length)]!;

    const types = sql.join(
      PRODUCT_TYPES.map(
        (t, i) =>
          sql`(${i + 1}::int, ${t.name}::text, ${t.code}::text, ${categoryIds.get(t.category)!}::text,
                 ${t.option}::text, ${`{${t.values.map((v) => `"${v}"`).join(',')}}`}::text[], ${t.price}::int)`,
      ),
      sql`, `,
    );
    const qualifiers = sql.join(
      QUALIFIERS.map((q, i) => sql`(${i + 1}::int, ${q}::text)`),
      sql`, `,
    );
    const tags = `{${TAGS.map((t) => `"${t}"`).join(',')}}`;
    const upperTag = tag.toUpperCase();

    // One row per product to come: its number g, its kind, its date and id (ids sort by time,
    // like newId(): 10 minutes apart, the last one now).
    await tx.execute(sql`
        create temp table seed_products on commit drop as
        select g, ${sqlId(sql`d.ms`, sql`${tag} || substr(md5('p' || g), 1, 4)`)} as id,
               t.name || ' ' || q.label
                 || case when g % 4 = 0 then ' (lot de ' || (2 + g % 5) || ')' else '' end as name,
               t.code, t.category_id, t.option_name, t.option_values, t.base_price, d.created_at, d.ms
        from generate_series(1, ${count}) g
        cross join lateral (select now() - ((${count} - g) * interval '10 minutes') as created_at) c
        cross join lateral (select c.created_at, (extract(epoch from c.created_at) * 1000)::bigint as ms) d
        join (values ${types}) as t(t, name, code, category_id, option_name, option_values, base_price)
          on t.t = 1 + (g * 7) % ${PRODUCT_TYPES.length}
        join (values ${qualifiers}) as q(q, label) on q.q = 1 + (g * 13 + g / ${PRODUCT_TYPES.length}) % ${QUALIFIERS.length}`);

    // Its variants. Stock: one product in 12 out of stock, two in 12 low (total ≤ 5), the rest
    // comfortable. Two variants in three have a barcode, with its EAN-13 check digit.
    await tx.execute(sql`
        create temp table seed_variants on commit drop as
        select ${sqlId(sql`(p.ms + pos)`, sql`${tag} || substr(md5('v' || g || '-' || pos), 1, 4)`)} as id,
               p.id as product_id, p.g, p.ms, pos, p.created_at,
               case when ${perProduct} = 1 then '[]'::jsonb else jsonb_build_array(p.option_values[pos + 1]) end as option_values,
               v.price,
               case when g % 10 = 4 then v.price * 6 / 5 / 25 * 25 + 25 end as compare_at_price,
               v.price * 3 / 5 as cost_price,
               p.code || '-' || ${upperTag} || '-' || lpad(g::text, 6, '0') || '-' || (pos + 1) as sku,
               case when (g + pos) % 3 <> 2 then b.code || ((10 - (
                   (substr(b.code, 1, 1)::int + substr(b.code, 3, 1)::int + substr(b.code, 5, 1)::int
                    + substr(b.code, 7, 1)::int + substr(b.code, 9, 1)::int + substr(b.code, 11, 1)::int)
                   + 3 * (substr(b.code, 2, 1)::int + substr(b.code, 4, 1)::int + substr(b.code, 6, 1)::int
                    + substr(b.code, 8, 1)::int + substr(b.code, 10, 1)::int + substr(b.code, 12, 1)::int)
                 ) % 10) % 10)::text end as barcode,
               case when g % 12 = 0 then 0
                    when g % 12 = 1 then pos % 2
                    when g % 12 = 2 then case when pos = 0 then 2 else 0 end
                    else 3 + (g * 7 + pos * 11) % 80 end as stock
        from seed_products p
        cross join generate_series(0, ${perProduct - 1}) pos
        cross join lateral (select greatest(25, round(p.base_price * (1 + 0.4 * pos) * (0.85 + ((g * 37) % 31) / 100.0) / 25) * 25)::bigint as price) v
        cross join lateral (select ${barcodePrefix} || lpad(((g - 1) * ${perProduct} + pos)::text, 8, '0') as code) b`);

    // As the app keeps them: price_min, stock_total, and the search text (name, SKUs, barcodes in
    // variant order, lower-cased without accents; see productSearchText).
    await tx.execute(sql`
        insert into products (id, shop_id, name, slug, description_html, status, category_id, tags, track_stock,
                              low_stock_threshold, weight_grams, options, price_min, stock_total, search_text,
                              created_at, updated_at)
        select p.id, ${shopId}, p.name,
               -- The online shop's address (product-slugs.ts), the product's number making it unique.
               trim(both '-' from regexp_replace(lower(translate(p.name, ${ACCENTED}, ${BARE})), '[^a-z0-9]+', '-', 'g'))
                 || '-' || p.g,
               '<p>' || p.name || ' : qualité contrôlée, livré partout au Sénégal.</p>',
               case when p.g % 71 = 0 then 'archived' when p.g % 50 = 0 then 'draft' else 'active' end,
               -- One product in 9 sits on the family rather than on a shelf.
               case when p.g % 9 = 0 then coalesce(c.parent_id, p.category_id) else p.category_id end,
               case when p.g % 5 = 0 then array[(${tags}::text[])[1 + p.g % ${TAGS.length}]] else '{}'::text[] end,
               p.g % 40 <> 3, 5, case when p.g % 3 = 0 then 250 + p.g % 20 * 50 end,
               case when ${perProduct} = 1 then '[]'::jsonb
                    else jsonb_build_array(jsonb_build_object('name', p.option_name, 'values', to_jsonb(p.option_values[1:${perProduct}]))) end,
               a.price_min, a.stock_total, lower(translate(p.name || ' ' || a.codes, ${ACCENTED}, ${BARE})),
               p.created_at, p.created_at
        from seed_products p
        join (select product_id, min(price) as price_min, sum(stock)::int as stock_total,
                     string_agg(concat_ws(' ', sku, barcode), ' ' order by pos) as codes
              from seed_variants group by product_id) a on a.product_id = p.id
        left join product_categories c on c.id = p.category_id`);
    await tx.execute(sql`
        insert into product_variants (id, shop_id, product_id, option_values, position, price, compare_at_price,
                                      cost_price, sku, barcode, stock, created_at)
        select id, ${shopId}, product_id, option_values, pos, price, compare_at_price, cost_price, sku, barcode,
               stock, created_at
        from seed_variants`);

    // Opening stock, recorded like the app does (an « inventaire » movement per variant).
    const movements = await tx.execute(sql`
        insert into stock_movements (id, shop_id, product_id, variant_id, quantity, stock_after, reason, note, created_at)
        select ${sqlId(sql`(ms + pos)`, sql`${tag} || substr(md5('m' || g || '-' || pos), 1, 4)`)},
               ${shopId}, product_id, id, stock, stock, 'inventaire', 'Stock initial', created_at
        from seed_variants
        where stock > 0`);

    // The rule is the app's: check a sample against productSearchText.
    const sample = await tx.execute(sql`
        select pr.id, pr.name, pr.search_text from products pr join seed_products p on p.id = pr.id
        where p.g % ${Math.max(1, Math.floor(count / 50))} = 0`);
    for (const row of rowsOf<{ id: string; name: string; search_text: string }>(sample)) {
      const variants = await tx
        .select({ sku: productVariants.sku, barcode: productVariants.barcode })
        .from(productVariants)
        .where(eq(productVariants.productId, row.id))
        .orderBy(productVariants.position);
      const expected = productSearchText(row.name, variants);
      if (row.search_text !== expected)
        throw new Error(`search_text incohérent pour « ${row.name} » : ${row.search_text} ≠ ${expected}`);
    }

    // 20 000 products fit no plan but Business: the shop gets it, so it can still add some.
    let plan = '';
    const limit = PLANS[effectivePlan(shop)].maxProducts;
    const [counted] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from products where shop_id = ${shopId}`),
    );
    const n = counted?.n ?? 0;
    if (limit !== 'infinity' && n > limit) {
      await tx.execute(sql`
          update shops set subscription_plan = 'business',
                 shop_expires_at = greatest(coalesce(shop_expires_at, now()), now() + interval '1 year')
          where id = ${shopId}`);
      plan = ` ; forfait Business pour 1 an (${n} produits dépassent le forfait ${PLANS[effectivePlan(shop)].label})`;
    }
    const moved =
      (movements as { rowCount?: number; affectedRows?: number }).rowCount ??
      (movements as { affectedRows?: number }).affectedRows ??
      0;
    return `${count} produits × ${perProduct} variantes dans « ${shop.name} » (${shopId}), ${moved} mouvements de stock${plan}`;
  });
}

const productsGenerator: Generator = {
  name: 'produits, variantes et catégories',
  flag: 'products',
  async run(db, options, tag, texts) {
    const count = options.products ?? 0;
    const perProduct = options['variants-per-product'] ?? 3;
    if (perProduct < 1 || perProduct > MAX_VARIANTS_PER_PRODUCT)
      throw new Error(`--variants-per-product : entre 1 et ${MAX_VARIANTS_PER_PRODUCT}.`);
    const shop = await targetShop(db, texts['products-shop']);
    const summary = await seedProducts(db, shop, count, perProduct, tag);
    // Fresh statistics, or the planner guesses: PGlite has no autovacuum to gather them, and
    // without them it sorts the whole shop for a first page and scans every variant for 50 products.
    await db.execute(sql`analyze products, product_variants, product_categories, stock_movements`);
    return summary;
  },
};

// ---------- orders ----------

const FIRST_NAMES =
  `Awa, Fatou, Aminata, Mariama, Aïssatou, Khady, Ndèye, Coumba, Binta, Rokhaya, Sokhna, Astou,
Dieynaba, Adama, Mame Diarra, Oumou, Moussa, Mamadou, Ibrahima, Cheikh, Ousmane, Abdoulaye,
Modou, Serigne, Babacar, Pape, Aliou, Lamine, Souleymane, Idrissa, Malick, El Hadji, Alassane,
Boubacar, Seydou, Omar, Youssou, Assane, Demba, Samba`.split(/,\s*/);
const LAST_NAMES =
  `Diop, Ndiaye, Fall, Sow, Ba, Diallo, Sy, Gueye, Faye, Sarr, Cissé, Mbaye, Seck, Kane, Thiam,
Niang, Diouf, Sall, Camara, Touré, Ndour, Dieng, Lô, Wade, Mbengue, Badji, Sène, Kébé`.split(/,\s*/);
/** Where clients live: communes of Dakar and of Abidjan, each with a few of its quartiers. */
const COMMUNES: Array<[commune: string, ville: string, quartiers: string[]]> = [
  ['Dakar-Plateau', 'Dakar', ['Plateau', 'Rebeuss', 'Kermel']],
  ['Médina', 'Dakar', ['Médina', 'Gueule Tapée', 'Fass']],
  ['Fann-Point E-Amitié', 'Dakar', ['Point E', 'Fann Résidence', 'Amitié 2']],
  ['Mermoz-Sacré-Cœur', 'Dakar', ['Mermoz', 'Sacré-Cœur 3', 'Pyrotechnie']],
  ['Ouakam', 'Dakar', ['Ouakam', 'Cité Avion', 'Mamelles']],
  ['Yoff', 'Dakar', ['Yoff Tonghor', 'Yoff Layène', 'Cité Djily Mbaye']],
  ['Ngor', 'Dakar', ['Ngor village', 'Almadies']],
  ['Grand Yoff', 'Dakar', ['Grand Yoff', 'Arafat', 'Cité Millionnaire']],
  ['Parcelles Assainies', 'Dakar', ['Unité 15', 'Unité 22', 'Unité 4']],
  ['HLM', 'Dakar', ['HLM 5', 'HLM Grand Médine']],
  ['Grand Dakar', 'Dakar', ['Niary Tally', 'Sicap Baobab']],
  ['Pikine', 'Dakar', ['Pikine Icotaf', 'Thiaroye']],
  ['Guédiawaye', 'Dakar', ['Golf Sud', 'Sam Notaire']],
  ['Rufisque', 'Dakar', ['Rufisque Est', 'Keury Kao']],
  ['Cocody', 'Abidjan', ['Riviera 2', 'Angré', 'Deux-Plateaux']],
  ['Yopougon', 'Abidjan', ['Niangon', 'Sideci', 'Maroc']],
  ['Abobo', 'Abidjan', ['Abobo Gare', 'PK 18']],
  ['Marcory', 'Abidjan', ['Zone 4', 'Biétry', 'Anoumabo']],
  ['Treichville', 'Abidjan', ['Arras', 'Gare de Bassam']],
  ['Koumassi', 'Abidjan', ['Remblais', 'Sicogi']],
  ['Adjamé', 'Abidjan', ['Williamsville', '220 Logements']],
  ['Port-Bouët', 'Abidjan', ['Vridi', 'Gonzagueville']],
];
/** Landmarks (« point de repère »): how a delivery finds the door. */
const LANDMARKS = [
  'Près de la pharmacie',
  'En face de la mosquée',
  'Derrière le marché',
  'À côté de la boulangerie',
  'Après la station Total',
  'Près de l’école primaire',
  'Au rond-point, portail bleu',
];
const CLIENT_TAGS = ['Fidèle', 'VIP', 'Grossiste', 'Revendeuse', 'Tabaski', 'Livraison difficile'];
const CONSENT_SOURCES = ['till', 'site', 'import', 'agent'];

/** A text[] literal for SQL. */
function textArray(values: string[]) {
  return `{${values.map((v) => `"${v}"`).join(',')}}`;
}

/** `length` base-32 characters of an integer (its low 5 × length bits), for id suffixes. */
function sqlBase32(n: ReturnType<typeof sql>, length: number) {
  const chars = Array.from(
    { length },
    (_, i) =>
      sql`substr(${ID_ALPHABET}, ((${n} >> ${sql.raw(String(5 * (length - 1 - i)))}) & 31)::int + 1, 1)`,
  );
  return sql`(${sql.join(chars, sql` || `)})`;
}

/**
 * An id for the row of order number `g` in the kind `kind` (one character: rows of one order in
 * one table may share a millisecond): 10 characters of `ms` like newId(), then 5 of the run's tag,
 * the kind and 4 of `g`, so ids are unique without a random draw per row.
 */
function seededId(ms: ReturnType<typeof sql>, tag: string, kind: string, g: ReturnType<typeof sql>) {
  return sqlId(ms, sql`${tag.slice(0, 5) + kind} || ${sqlBase32(g, 4)}`);
}

/** An order that counts in a client's figures (client-figures.ts): neither cancelled nor sent back. */
const LIVE_ORDER = sql.raw(`fulfilment_status not in ('cancelled', 'returned')`);

/** A client's figures as text, whatever the driver made of them (bigint as text, Date or string). */
function figuresText(row: Record<string, unknown>): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(row)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => [
        key,
        value === null || value === undefined
          ? null
          : value instanceof Date
            ? value.toISOString()
            : /_at$/.test(key)
              ? new Date(String(value)).toISOString()
              : String(value),
      ]),
  );
}

/** From this many orders, the order tables' indexes are built after the rows rather than with them. */
const BULK_ORDERS = 100_000;
const ORDER_BULK_TABLES = sql.raw(
  `('orders', 'order_lines', 'order_payments', 'order_refunds', 'order_events')`,
);

interface OrderSeed {
  /** Orders to make, spread over `days` up to a few minutes ago, newest last. */
  count: number;
  clients: number;
  days: number;
  tag: string;
}

/**
 * `count` orders in one shop, in one transaction, written set-based as the app would have left
 * them: clients (Senegal mobile numbers, created before their first order), 1 to 4 lines of the
 * shop's variants priced from the catalogue, fulfilment by age (recent orders still moving, old
 * ones mostly delivered), payment statuses derived from the amounts like paymentStatusOf, a
 * payment row per paid order, refunds, the timeline (created, status, payment, refund), the
 * search text of orderSearchText and the shop's counter. Past sales do not move today's stock.
 */
async function seedOrders(db: Database, shop: ShopRow, seed: OrderSeed): Promise<string> {
  const shopId = shop.id;
  const { count, tag } = seed;
  const clientCount = Math.max(1, Math.min(seed.clients, Math.floor(count / 2) || 1));
  const nowMs = Date.now() - 5 * 60_000;
  const periodMs = seed.days * 86_400_000;
  const startMs = nowMs - periodMs;
  const step = periodMs / count;
  const phoneBase = Math.floor(Math.random() * 10_000_000);
  const accented = sql`${ACCENTED}`;
  const bare = sql`${BARE}`;

  return db.transaction(async (tx) => {
    // The variants that may be sold (price > 0, product not archived), numbered 1..V.
    await tx.execute(sql`
      create temp table seed_order_variants on commit drop as
      select row_number() over (order by v.id)::int as k, v.id, v.product_id, p.name as product_name,
             coalesce((select string_agg(x, ' / ' order by n) from jsonb_array_elements_text(v.option_values)
                       with ordinality as o(x, n)), '') as variant_name,
             v.sku, v.price, p.track_stock
      from product_variants v join products p on p.id = v.product_id
      where v.shop_id = ${shopId} and p.status <> 'archived' and v.price > 0`);
    const [variantCount] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from seed_order_variants`),
    );
    const V = variantCount?.n ?? 0;
    if (V === 0)
      throw new Error(`--orders : « ${shop.name} » n'a aucun produit à vendre ; ajoutez --products N.`);
    const agents = rowsOf<{ user_id: string }>(
      await tx.execute(sql`select user_id from agents where shop_id = ${shopId} order by id`),
    ).map((a) => a.user_id);
    if (agents.length === 0) throw new Error(`--orders : « ${shop.name} » n'a aucun agent.`);
    const [last] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select greatest(coalesce((select last_number from order_counters where shop_id = ${shopId}), 1000),
                        coalesce((select max(number) from orders where shop_id = ${shopId}), 1000))::int as n`),
    );
    const lastNumber = last!.n;

    // Clients: client c is created at a point of the period that only orders after it can pick.
    // The profile as the client's page edits it: a commune of Dakar or Abidjan with its quartier and
    // a landmark (7 in 10), tags (1 in 3), an e-mail (1 in 6), a birthday, marketing consents.
    const communes = sql`${textArray(COMMUNES.map(([c]) => c))}::text[]`;
    const villes = sql`${textArray(COMMUNES.map(([, v]) => v))}::text[]`;
    const quartiers = sql`${textArray(COMMUNES.map(([, , q]) => q.join('|')))}::text[]`;
    await tx.execute(sql`
      create temp table seed_clients on commit drop as
      with a as (
        select c, (${startMs}::float8 + floor((c - 1)::float8 / ${clientCount} * 0.95 * ${periodMs}))::bigint as ms,
               random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6,
               random() as r7, random() as r8, random() as r9, random() as r10,
               1 + floor(random() * ${COMMUNES.length})::int as k
        from generate_series(1, ${clientCount}) c
      ), b as (
        select a.*, ${seededId(sql`ms`, tag, '8', sql`c`)} as id, to_timestamp(ms / 1000.0) as created_at,
               (${textArray(FIRST_NAMES)}::text[])[1 + floor(r1 * ${FIRST_NAMES.length})::int] as first_name,
               (${textArray(LAST_NAMES)}::text[])[1 + floor(r2 * ${LAST_NAMES.length})::int] as last_name,
               '+221' || (array['77','78','76'])[1 + c % 3] || lpad(((${phoneBase} + c) % 10000000)::text, 7, '0') as phone,
               case when r5 < 0.16 then 'client' || c || '.' || ${tag} || '@exemple.sn' end as email,
               case when r3 < 0.7 then (${communes})[k] else '' end as commune,
               case when r3 < 0.7 then (${villes})[k] else '' end as ville,
               case when r3 < 0.7 then (string_to_array((${quartiers})[k], '|'))[1 + floor(r4 * 2)::int] else '' end as quartier,
               case when r3 < 0.7 and r4 < 0.8 then (${textArray(LANDMARKS)}::text[])[1 + floor(r6 * ${LANDMARKS.length})::int]
                    else '' end as landmark
        from a
      )
      select c, id, created_at, first_name, last_name, first_name || ' ' || last_name as name, phone, email,
             commune, quartier, landmark,
             case when commune <> '' then jsonb_build_array(jsonb_build_object(
               'quartier', quartier, 'commune', commune, 'ville', ville, 'indications', landmark)) else '[]'::jsonb end as addresses,
             case when r7 < 0.25 then array[(${textArray(CLIENT_TAGS)}::text[])[1 + floor(r8 * ${CLIENT_TAGS.length})::int]]
                  when r7 < 0.33 then array[(${textArray(CLIENT_TAGS)}::text[])[1 + floor(r8 * ${CLIENT_TAGS.length})::int],
                                            (${textArray(CLIENT_TAGS)}::text[])[1 + (floor(r8 * ${CLIENT_TAGS.length})::int + 1) % ${CLIENT_TAGS.length}]]
                  else '{}'::text[] end as tags,
             r9 < 0.85 as whatsapp,
             case when r9 < 0.40 then created_at end as consent_sms_at,
             case when r9 < 0.40 then (${textArray(CONSENT_SOURCES)}::text[])[1 + c % 4] end as consent_sms_source,
             case when r10 < 0.55 then created_at end as consent_whatsapp_at,
             case when r10 < 0.55 then (${textArray(CONSENT_SOURCES)}::text[])[1 + (c / 4) % 4] end as consent_whatsapp_source,
             case when r6 < 0.3 then 1 + (c % 28) end as birthday_day,
             case when r6 < 0.3 then 1 + (c / 28) % 12 end as birthday_month,
             case when r10 < 0.05 then 50000 end as credit_limit
      from b`);
    // A phone the shop already has is skipped (one person per phone), and so are its orders' links.
    // search_text as searchTextOf: name, phone digits and e-mail, lower-cased without accents.
    await tx.execute(sql`
      insert into clients (id, shop_id, name, first_name, last_name, phone, email, addresses, commune, quartier,
                           landmark, tags, whatsapp, consent_sms_at, consent_sms_source, consent_whatsapp_at,
                           consent_whatsapp_source, birthday_day, birthday_month, credit_limit, search_text,
                           created_at, updated_at)
      select id, ${shopId}, name, first_name, last_name, phone, email, addresses, commune, quartier, landmark, tags,
             whatsapp, consent_sms_at, consent_sms_source, consent_whatsapp_at, consent_whatsapp_source,
             birthday_day, birthday_month, credit_limit,
             lower(translate(name || ' ' || regexp_replace(phone, '\\D', '', 'g') || coalesce(' ' || email, ''),
                             ${accented}, ${bare})),
             created_at, created_at
      from seed_clients
      on conflict do nothing`);
    await tx.execute(
      sql`delete from seed_clients s where not exists (select 1 from clients c where c.id = s.id)`,
    );

    // One row per order: time, channel, fulfilment by age, payment plan, client, line count.
    await tx.execute(sql`
      create temp table seed_orders on commit drop as
      with a as (
        select g, (${startMs}::float8 + floor((g - 1 + random() * 0.9) * ${step}))::bigint as ms,
               random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6,
               random() as r7, random() as r8, random() as r9, random() as r10, random() as r11, random() as r12,
               random() as r13
        from generate_series(1, ${count}) g
      ), b as (
        select a.*, (${nowMs}::bigint - ms) / 86400000.0 as age,
               case when r1 < 0.30 then 'pos' when r1 < 0.55 then 'whatsapp' when r1 < 0.70 then 'site'
                    when r1 < 0.80 then 'phone' when r1 < 0.88 then 'facebook' when r1 < 0.95 then 'instagram'
                    else 'manual' end as channel
        from a
      ), c as (
        select b.*,
               case when channel = 'pos' then case when r2 < 0.98 then 'delivered' else 'returned' end
                    when age < 1 then case when r2 < 0.35 then 'new' when r2 < 0.55 then 'confirmed'
                      when r2 < 0.70 then 'preparing' when r2 < 0.80 then 'ready' when r2 < 0.90 then 'shipping'
                      when r2 < 0.97 then 'delivered' else 'cancelled' end
                    when age < 7 then case when r2 < 0.05 then 'new' when r2 < 0.10 then 'confirmed'
                      when r2 < 0.15 then 'preparing' when r2 < 0.20 then 'ready' when r2 < 0.35 then 'shipping'
                      when r2 < 0.93 then 'delivered' when r2 < 0.98 then 'cancelled' else 'returned' end
                    else case when r2 < 0.002 then 'new' when r2 < 0.882 then 'delivered'
                      when r2 < 0.962 then 'cancelled' else 'returned' end
               end as fulfilment
        from b
      )
      select g, ms, ${lastNumber} + g as number, channel, fulfilment,
             case when channel = 'pos' then case when fulfilment = 'returned' then 'refunded' else 'paid' end
                  when fulfilment = 'delivered' then case when r3 < 0.95 then 'paid'
                    when r3 < 0.98 then 'partially_refunded' else 'partially_paid' end
                  when fulfilment = 'returned' then case when r3 < 0.85 then 'refunded' else 'pending' end
                  when fulfilment = 'cancelled' then case when r3 < 0.80 then 'pending' else 'refunded' end
                  when fulfilment = 'shipping' then case when r3 < 0.45 then 'pending' else 'paid' end
                  else case when r3 < 0.55 then 'pending' when r3 < 0.85 then 'paid' else 'partially_paid' end
             end as payment_status,
             -- Walk-in sales at the till are often anonymous; the others always name a client.
             case when channel = 'pos' and r4 < 0.4 then 0
                  else 1 + floor(r5 * greatest(1, least(${clientCount}, floor(${clientCount}::float8 * g / (${count} * 0.95)))))::int
             end as client_c,
             case when r6 < 0.5 then 1 when r6 < 0.78 then 2 when r6 < 0.93 then 3 else 4 end as nlines,
             (${`{${agents.map((a) => `"${a}"`).join(',')}}`}::text[])[1 + floor(r7 * ${agents.length})::int] as created_by,
             case when channel <> 'pos' and r8 < 0.7 then (array[1000, 1500, 2000, 2500])[1 + floor(r9 * 4)::int] else 0 end as delivery_fee,
             r10 < 0.05 as has_discount,
             case when channel = 'pos' then case when r11 < 0.5 then 'cash' when r11 < 0.7 then 'wave'
                    when r11 < 0.9 then 'orange_money' else 'card' end
                  when fulfilment in ('delivered', 'returned') and r11 < 0.25 then 'cod'
                  when r11 < 0.55 then 'wave' when r11 < 0.85 then 'orange_money' when r11 < 0.93 then 'cash'
                  when r11 < 0.97 then 'mtn_momo' else 'moov_money' end as method,
             r12, r13
      from c`);

    // Lines: popular variants sell more (the draw leans towards the first ones).
    await tx.execute(sql`
      create temp table seed_lines on commit drop as
      with l as (
        select o.g, o.ms, pos, (1 + floor(power(random(), 1.7) * ${V}))::int as k, random() as rq, random() as rd
        from seed_orders o cross join generate_series(0, 3) pos
        where pos < o.nlines
      )
      select l.g, l.ms, l.pos, v.id as variant_id, v.product_id, v.product_name, v.variant_name, v.sku,
             v.price as unit_price, q.quantity, d.line_discount, v.track_stock
      from l join seed_order_variants v on v.k = l.k
      cross join lateral (select case when l.rq < 0.7 then 1 when l.rq < 0.9 then 2 else 3 + floor(l.rq * 1000)::int % 3 end as quantity) q
      cross join lateral (select case when l.rd < 0.04 then v.price * q.quantity / 10 / 25 * 25 else 0 end as line_discount) d`);

    // The order rows with their figures, as createOrder and the payment, status and refund steps
    // leave them (paymentStatusOf: refunded ≥ paid → refunded, 0 < paid < total → partially_paid…).
    await tx.execute(sql`
      create temp table seed_order_rows on commit drop as
      with t as (
        select g, sum(unit_price * quantity)::bigint as subtotal, sum(line_discount)::bigint as line_discount_total,
               jsonb_agg(jsonb_build_object('name', case when variant_name = '' then product_name
                 else product_name || ' (' || variant_name || ')' end, 'quantity', quantity) order by pos) as event_lines
        from seed_lines group by g
      ), m as (
        select o.*, t.subtotal, t.line_discount_total, t.event_lines,
               case when o.has_discount then (t.subtotal - t.line_discount_total) / 10 / 25 * 25 else 0 end as order_discount
        from seed_orders o join t on t.g = o.g
      ), n as (
        select m.*, subtotal - line_discount_total - order_discount + delivery_fee as total from m
      ), p as (
        select n.*, case when payment_status in ('paid', 'refunded', 'partially_refunded') then total
                         when payment_status = 'partially_paid' then total / 2 else 0 end as paid_amount
        from n
      )
      select p.*, ${seededId(sql`p.ms`, tag, '0', sql`p.g`)} as id,
             case when payment_status = 'refunded' then paid_amount
                  when payment_status = 'partially_refunded' then greatest(1, paid_amount * 3 / 10) else 0 end as refunded_amount,
             cl.id as client_id, cl.name as client_name, cl.phone as client_phone,
             case when channel <> 'pos' and cl.addresses <> '[]'::jsonb then cl.addresses -> 0 end as delivery_address,
             -- The timeline's times: paid at once at the till, within hours online, on delivery for cod.
             case when channel = 'pos' then p.ms + 1
                  else least(p.ms + case when method = 'cod' then (3600000 * (4 + r12 * 44))::bigint
                                         else (60000 * (1 + r12 * 120))::bigint end, ${nowMs}::bigint - 2000) end as pay_ms,
             case when channel = 'pos' and fulfilment = 'delivered' then p.ms + 2
                  else least(p.ms + 2 + (3600000 * (1 + r13 * 47))::bigint, ${nowMs}::bigint - 1000) end as status_ms
      from p left join seed_clients cl on cl.c = p.client_c`);

    // A big run drops the order tables' secondary indexes and builds them again at the end: one
    // sorted build is several times faster than a million insertions into each (the trigram GIN
    // most of all). Their definitions are read back from the database, so they stay the schema's.
    const rebuilt =
      count >= BULK_ORDERS
        ? rowsOf<{ name: string; definition: string }>(
            await tx.execute(sql`
              select indexname as name, indexdef as definition from pg_indexes
              where schemaname = current_schema() and tablename in ${ORDER_BULK_TABLES}
                and indexname not in (select conname from pg_constraint)`),
          )
        : [];
    for (const index of rebuilt) await tx.execute(sql.raw(`drop index "${index.name}"`));

    await tx.execute(sql`
      insert into orders (id, shop_id, number, channel, client_id, client_name, client_phone, fulfilment_status,
                          payment_status, subtotal, line_discount_total, order_discount, delivery_fee, total,
                          paid_amount, refunded_amount, delivery_address, client_note, is_stock_returned,
                          idempotency_key, search_text, created_by_user_id, created_at, updated_at)
      select id, ${shopId}, number, channel, client_id, client_name, client_phone, fulfilment, payment_status,
             subtotal, line_discount_total, order_discount, delivery_fee, total, paid_amount, refunded_amount,
             delivery_address, '', fulfilment in ('cancelled', 'returned'), null,
             -- orderSearchText: the client's name and phone digits, lower-cased without accents.
             case when client_id is null then ''
                  else lower(translate(client_name || ' ' || regexp_replace(client_phone, '\\D', '', 'g'),
                                       ${accented}, ${bare})) end,
             created_by, to_timestamp(ms / 1000.0),
             to_timestamp(greatest(ms, case when paid_amount > 0 then pay_ms else ms end,
                                   case when fulfilment <> 'new' then status_ms else ms end) / 1000.0)
      from seed_order_rows`);
    await tx.execute(sql`
      insert into order_lines (id, shop_id, order_id, variant_id, product_id, product_name, variant_name, sku,
                               unit_price, quantity, line_discount, total, stock_taken, refunded_quantity,
                               restocked_quantity, position)
      select ${seededId(sql`(l.ms + l.pos)`, tag, '1', sql`l.g`)}, ${shopId}, o.id, l.variant_id, l.product_id,
             l.product_name, l.variant_name, l.sku, l.unit_price, l.quantity, l.line_discount,
             l.unit_price * l.quantity - l.line_discount, case when l.track_stock then l.quantity else 0 end, 0, 0, l.pos
      from seed_lines l join seed_order_rows o on o.g = l.g`);
    const payments = await tx.execute(sql`
      insert into order_payments (id, shop_id, order_id, method, amount, reference, is_online, created_by_user_id, created_at)
      select ${seededId(sql`pay_ms`, tag, '2', sql`g`)}, ${shopId}, id, method, paid_amount, null, false, created_by,
             to_timestamp(pay_ms / 1000.0)
      from seed_order_rows where paid_amount > 0`);
    await tx.execute(sql`
      insert into order_refunds (id, shop_id, order_id, amount, method, lines, is_restocked, reason, created_by_user_id, created_at)
      select ${seededId(sql`(greatest(pay_ms, status_ms) + 1)`, tag, '3', sql`g`)}, ${shopId}, id, refunded_amount,
             method, '[]'::jsonb, false, case when fulfilment = 'delivered' then 'Geste commercial' else 'Retour client' end,
             created_by, to_timestamp((greatest(pay_ms, status_ms) + 1) / 1000.0)
      from seed_order_rows where refunded_amount > 0`);
    const events = await tx.execute(sql`
      insert into order_events (id, shop_id, order_id, type, data, user_id, created_at)
      select ${seededId(sql`ms`, tag, '4', sql`g`)}, ${shopId}, id, 'created',
             jsonb_build_object('channel', channel, 'total', total, 'lines', event_lines), created_by, to_timestamp(ms / 1000.0)
      from seed_order_rows
      union all
      select ${seededId(sql`status_ms`, tag, '5', sql`g`)}, ${shopId}, id, 'status',
             jsonb_build_object('from', 'new', 'to', fulfilment), created_by, to_timestamp(status_ms / 1000.0)
      from seed_order_rows where fulfilment <> 'new'
      union all
      select ${seededId(sql`pay_ms`, tag, '6', sql`g`)}, ${shopId}, id, 'payment',
             jsonb_build_object('method', method, 'amount', paid_amount, 'reference', null), created_by, to_timestamp(pay_ms / 1000.0)
      from seed_order_rows where paid_amount > 0
      union all
      select ${seededId(sql`(greatest(pay_ms, status_ms) + 1)`, tag, '7', sql`g`)}, ${shopId}, id, 'refund',
             jsonb_build_object('amount', refunded_amount, 'method', method, 'restocked', 0, 'lines', '[]'::jsonb,
                                'reason', case when fulfilment = 'delivered' then 'Geste commercial' else 'Retour client' end),
             created_by, to_timestamp((greatest(pay_ms, status_ms) + 1) / 1000.0)
      from seed_order_rows where refunded_amount > 0`);

    if (rebuilt.length) {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const index of rebuilt) await tx.execute(sql.raw(index.definition));
    }

    // The clients' figures, as the order module keeps them (clientFiguresQuery in its
    // client-figures.ts, the backfill of migration 0016): one pass over the shop's orders.
    const figured = await tx.execute(sql`
      update clients c set
        orders_count = f.orders_count, total_spent = f.total_spent, refunds_total = f.refunds_total,
        first_order_at = f.first_order_at, last_order_at = f.last_order_at, first_channel = f.first_channel,
        returned_count = f.returned_count, balance = f.balance
      from (
        select client_id,
          count(*) filter (where ${LIVE_ORDER})::int as orders_count,
          coalesce(sum(total - refunded_amount) filter (where ${LIVE_ORDER}), 0) as total_spent,
          coalesce(sum(refunded_amount), 0) as refunds_total,
          min(created_at) filter (where ${LIVE_ORDER}) as first_order_at,
          max(created_at) filter (where ${LIVE_ORDER}) as last_order_at,
          (array_agg(channel order by created_at, id) filter (where ${LIVE_ORDER}))[1] as first_channel,
          count(*) filter (where fulfilment_status = 'returned')::int as returned_count,
          coalesce(sum(greatest(total - paid_amount, 0)) filter (where ${LIVE_ORDER}), 0) as balance
        from orders where shop_id = ${shopId} and client_id is not null group by client_id
      ) f
      where c.shop_id = ${shopId} and c.id = f.client_id`);
    // The rule is the order module's: check a sample of clients against clientFiguresQuery.
    const figureSample = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select id, orders_count, total_spent, refunds_total, first_order_at, last_order_at, first_channel,
               returned_count, balance
        from seed_clients s join clients c using (id)
        where s.c % ${Math.max(1, Math.floor(clientCount / 25))} = 0`),
    );
    for (const row of figureSample) {
      const [expected] = rowsOf<Record<string, unknown>>(
        await tx.execute(clientFiguresQuery(shopId, row.id as string)),
      );
      const { id, ...stored } = row;
      if (JSON.stringify(figuresText(stored)) !== JSON.stringify(figuresText(expected!)))
        throw new Error(
          `chiffres incohérents pour le client ${id} : ${JSON.stringify(figuresText(stored))} ≠ ${JSON.stringify(figuresText(expected!))}`,
        );
    }

    // The counter: numbers go on after the last one, this month's count feeds the quota.
    const month = quotaMonthOf(shop.timeZone);
    const monthStartMs = dayjs.tz(`${month}-01`, shop.timeZone).valueOf();
    const [monthly] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from seed_orders where ms >= ${monthStartMs}::bigint`),
    );
    const [counter] = rowsOf<{ month_count: number }>(
      await tx.execute(sql`
        insert into order_counters (shop_id, last_number, month, month_count)
        values (${shopId}, ${lastNumber + count}, ${month}, ${monthly!.n})
        on conflict (shop_id) do update set
          last_number = excluded.last_number,
          month_count = case when order_counters.month = excluded.month
                             then order_counters.month_count + excluded.month_count else excluded.month_count end,
          month = excluded.month
        returning month_count`),
    );

    // The rule is the app's: check a sample against orderSearchText.
    const sample = await tx.execute(sql`
      select o.number, o.client_name, o.client_phone, o.search_text from orders o join seed_order_rows r on r.id = o.id
      where r.g % ${Math.max(1, Math.floor(count / 50))} = 0`);
    for (const row of rowsOf<{
      number: number;
      client_name: string | null;
      client_phone: string | null;
      search_text: string;
    }>(sample)) {
      const expected = orderSearchText(row.client_name, row.client_phone);
      if (row.search_text !== expected)
        throw new Error(
          `search_text incohérent pour la commande ${row.number} : ${row.search_text} ≠ ${expected}`,
        );
    }

    // Past the plan's monthly orders, the shop moves to Business, so new orders are still taken.
    let plan = '';
    const limit = PLANS[effectivePlan(shop)].maxOrdersPerMonth;
    if (limit !== 'infinity' && counter!.month_count >= limit) {
      await tx.execute(sql`
        update shops set subscription_plan = 'business',
               shop_expires_at = greatest(coalesce(shop_expires_at, now()), now() + interval '1 year')
        where id = ${shopId}`);
      plan = ` ; forfait Business pour 1 an (${counter!.month_count} commandes ce mois dépassent le forfait ${PLANS[effectivePlan(shop)].label})`;
    }
    const [made] = rowsOf<{ clients: number; lines: number }>(
      await tx.execute(
        sql`select (select count(*) from seed_clients)::int as clients, (select count(*) from seed_lines)::int as lines`,
      ),
    );
    return (
      `${count} commandes n° ${lastNumber + 1}–${lastNumber + count} sur ${seed.days} jours dans « ${shop.name} » (${shopId}), ` +
      `${made!.lines} lignes, ${affected(payments)} paiements, ${affected(events)} événements, ${made!.clients} clients ` +
      `(${affected(figured)} avec leurs chiffres)${plan}`
    );
  });
}

/** Rows an insert wrote, from node-postgres' or PGlite's answer. */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

const ORDER_TABLES = sql`analyze clients, orders, order_lines, order_payments, order_refunds, order_events, order_counters`;

/**
 * After the orders: the clients' figures were written by an update, which left a dead version of
 * every client (no autovacuum on PGlite, nor on some servers): vacuumed, then the statistics.
 */
async function settleOrderTables(db: Database) {
  await db.execute(sql`vacuum clients`);
  await db.execute(ORDER_TABLES);
}

const ordersGenerator: Generator = {
  name: 'commandes, clients et paiements',
  flag: 'orders',
  async run(db, options, tag, texts) {
    const count = options.orders ?? 0;
    const shop = await targetShop(db, texts['orders-shop'] ?? texts['products-shop']);
    const summary = await seedOrders(db, shop, {
      count,
      clients: options.clients ?? Math.min(50_000, Math.max(10, Math.floor(count / 20))),
      days: options['order-days'] ?? 730,
      tag,
    });
    // PGlite has no autovacuum: without statistics the planner guesses (see the products).
    await settleOrderTables(db);
    return summary;
  },
};

/**
 * Shops beside the big one, each with a small catalogue, clients and a few orders, so the big
 * shop's queries are measured among other shops' rows (the shop_id half of every index).
 */
const otherShopsGenerator: Generator = {
  name: 'autres boutiques avec commandes',
  flag: 'other-shops',
  async run(db, options) {
    const shopCount = options['other-shops'] ?? 0;
    const perShop = options['orders-per-other-shop'] ?? 30;
    const productCount = options['other-shop-products'] ?? 8;
    const shopTag = randomBytes(3).toString('hex');
    await shopsGenerator.run(
      db,
      { shops: shopCount, 'agents-per-shop': 2, 'notifications-per-shop': 5 },
      shopTag,
      {},
    );
    const created = await db
      .select()
      .from(shops)
      .where(sql`${shops.id} like ${`s${shopTag}%`}`);
    let orders = 0;
    for (const shop of created) {
      await seedProducts(db, shop, productCount, 2, randomBytes(3).toString('hex'));
      if (perShop > 0) {
        await seedOrders(db, shop, {
          count: perShop,
          clients: Math.max(1, Math.floor(perShop / 3)),
          days: options['order-days'] ?? 730,
          tag: randomBytes(3).toString('hex'),
        });
        orders += perShop;
      }
    }
    await db.execute(sql`analyze products, product_variants, product_categories, stock_movements`);
    await settleOrderTables(db);
    return `${created.length} boutiques (${productCount} produits × 2 variantes chacune), ${orders} commandes en tout`;
  },
};

const GENERATORS: Generator[] = [shopsGenerator, productsGenerator, ordersGenerator, otherShopsGenerator];

async function main() {
  const texts: Texts = {};
  const options = parseArgs(process.argv.slice(2), texts);
  ensureAuthConfig();
  const database = await openConfiguredDatabase();
  // Short, unique per run, so several runs add up instead of colliding.
  const tag = randomBytes(3).toString('hex');
  try {
    if (options.clients && !options.orders) console.warn('--clients ignoré : il accompagne --orders.');
    for (const generator of GENERATORS) {
      if (!options[generator.flag]) continue;
      const started = Date.now();
      const summary = await generator.run(database.db, options, tag, texts);
      console.log(`${generator.name} : ${summary} en ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  // drizzle's « Failed query » carries the database's own message in its cause.
  if (error instanceof Error && error.cause instanceof Error) console.error(error.cause.message);
  process.exit(1);
});
