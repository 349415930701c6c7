/**
 * npm run seed:large -- --shops N [--agents-per-shop N] [--notifications-per-shop N]
 *                       [--products N] [--orders N] [--clients N]
 *
 * Fills the configured database (DATABASE_URL, else .data/pglite — stop `npm start` first: the
 * folder is locked) with generated data, in set-based SQL so millions of rows take seconds.
 * Each module adds its generator to GENERATORS when its tables exist.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ensureAuthConfig, openConfiguredDatabase } from '../src/server/bootstrap';
import type { Database } from '../src/server/db';

type Options = Record<string, number>;
type Generator = {
  name: string;
  flag: string;
  run: (db: Database, options: Options, tag: string) => Promise<string>;
};

function parseArgs(argv: string[]): Options {
  const options: Options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
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

const GENERATORS: Generator[] = [shopsGenerator];
const FUTURE_FLAGS: Record<string, string> = {
  products: 'Produits',
  orders: 'Commandes',
  clients: 'Clients',
};

async function main() {
  const options = parseArgs(process.argv.slice(2));
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
      const summary = await generator.run(database.db, options, tag);
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
