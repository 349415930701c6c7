/**
 * npm run seed:large -- --shops N [--agents-per-shop N] [--notifications-per-shop N]
 *                       [--products N [--variants-per-product N] [--products-shop <id>]]
 *                       [--orders N] [--clients N]
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
import { DEMO_SHOP_SLUG } from '../src/server/db/seed';
import { newId } from '../src/server/ids';
import { PLANS, effectivePlan } from '../src/shared/plans';
import { productSearchText } from '../src/features/product/server/product-rules';

type Options = Record<string, number>;
/** The flags that take a text (an id) rather than a number. */
type Texts = Record<string, string>;
const TEXT_FLAGS = new Set(['products-shop']);
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

const productsGenerator: Generator = {
  name: 'produits, variantes et catégories',
  flag: 'products',
  async run(db, options, tag, texts) {
    const count = options.products ?? 0;
    const perProduct = options['variants-per-product'] ?? 3;
    if (perProduct < 1 || perProduct > MAX_VARIANTS_PER_PRODUCT)
      throw new Error(`--variants-per-product : entre 1 et ${MAX_VARIANTS_PER_PRODUCT}.`);
    const shop = await targetShop(db, texts['products-shop']);
    const shopId = shop.id;

    const summary = await db.transaction(async (tx) => {
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
        insert into products (id, shop_id, name, description_html, status, category_id, tags, track_stock,
                              low_stock_threshold, weight_grams, options, price_min, stock_total, search_text,
                              created_at, updated_at)
        select p.id, ${shopId}, p.name,
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
    // Fresh statistics, or the planner guesses: PGlite has no autovacuum to gather them, and
    // without them it sorts the whole shop for a first page and scans every variant for 50 products.
    await db.execute(sql`analyze products, product_variants, product_categories, stock_movements`);
    return summary;
  },
};

const GENERATORS: Generator[] = [shopsGenerator, productsGenerator];
const FUTURE_FLAGS: Record<string, string> = {
  orders: 'Commandes',
  clients: 'Clients',
};

async function main() {
  const texts: Texts = {};
  const options = parseArgs(process.argv.slice(2), texts);
  ensureAuthConfig();
  const database = await openConfiguredDatabase({ seed: false });
  // Short, unique per run, so several runs add up instead of colliding.
  const tag = randomBytes(3).toString('hex');
  try {
    for (const [flag, module] of Object.entries(FUTURE_FLAGS)) {
      if (options[flag] && !GENERATORS.some((g) => g.flag === flag)) {
        console.warn(`--${flag} ignoré : le module ${module} n'a pas encore de données à générer.`);
      }
    }
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
  process.exit(1);
});
