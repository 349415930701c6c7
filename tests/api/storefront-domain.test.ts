import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { setDnsResolverForTests, type DnsResolver } from '@/features/storefront/server/domain-check';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { as, type Actor } from '../helpers/orders';

/*
 * « Vérifier le domaine » (GET /api/storefront/checkDomain): the DNS records of the shop's saved
 * domain and what DNS answers for it, for the admin and the seller of that shop only. DNS is a fake
 * here: `zones` says what each name answers.
 */

const bed = setupApiTestbed();

const TARGET = 'shops.comptoir.test';
const OUR_IP = '203.0.113.10';

/** name → its CNAME, its A records, or the error code every lookup of it gets. */
const zones = new Map<string, { cname?: string[]; a?: string[]; error?: string }>();

const fail = (code: string) => Object.assign(new Error(`query ${code}`), { code });
const fakeDns: DnsResolver = {
  async resolveCname(name) {
    const zone = zones.get(name);
    if (zone?.error) throw fail(zone.error);
    if (!zone) throw fail('ENOTFOUND');
    if (!zone.cname) throw fail('ENODATA');
    return zone.cname;
  },
  async resolve4(name) {
    const zone = zones.get(name);
    if (zone?.error) throw fail(zone.error);
    if (!zone) throw fail('ENOTFOUND');
    if (zone.cname) return this.resolve4(zone.cname[0]!);
    if (!zone.a) throw fail('ENODATA');
    return zone.a;
  },
};

const ENV = ['STOREFRONT_CNAME_TARGET', 'STOREFRONT_IPV4'] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

beforeAll(() => {
  process.env.STOREFRONT_CNAME_TARGET = TARGET;
  process.env.STOREFRONT_IPV4 = OUR_IP;
  resetEnvCache();
  setDnsResolverForTests(fakeDns);
});

afterAll(() => {
  // The files of a fork share modules and process.env: put both back.
  setDnsResolverForTests(null);
  for (const name of ENV)
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  resetEnvCache();
});

const check = (a: Actor) =>
  bed.server.call('GET', `/api/storefront/checkDomain?shopId=${a.shopId}`, { token: a.token });

const saveDomain = async (a: Actor, customDomain: string | null) => {
  const saved = await bed.server.call('POST', '/api/storefront/updateSettings', {
    token: a.token,
    body: { shopId: a.shopId, customDomain },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};

describe('checking a shop’s own domain', () => {
  it('asks for a domain first', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Sans Domaine');
    const answer = await check(as(fixture));
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    expect(answer.body.error.details.customDomain).toBe('Enregistrez d’abord un nom de domaine.');
  });

  it('gives the CNAME for a sub-domain and says when it points here', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Dns');
    const a = as(fixture);
    await saveDomain(a, 'www.boutique-dns.sn');
    zones.set(TARGET, { a: [OUR_IP] });

    const missing = await check(a);
    expect(missing.status, JSON.stringify(missing.body)).toBe(200);
    expect(missing.body).toMatchObject({
      status: 'not_found',
      records: [{ type: 'CNAME', name: 'www', value: TARGET }],
      found: [],
    });
    expect(missing.body.message).toContain('Le domaine www.boutique-dns.sn n’a pas encore d’enregistrement');

    zones.set('www.boutique-dns.sn', { cname: ['boutique-dns.wixdns.net'] });
    zones.set('boutique-dns.wixdns.net', { a: ['198.51.100.7'] });
    const wrong = await check(a);
    expect(wrong.body).toMatchObject({
      status: 'wrong_target',
      found: ['boutique-dns.wixdns.net', '198.51.100.7'],
    });

    zones.set('www.boutique-dns.sn', { cname: [TARGET] });
    // The seller manages the website too.
    const ok = await check(as(fixture, 'seller'));
    expect(ok.body).toEqual({
      status: 'ok',
      records: [{ type: 'CNAME', name: 'www', value: TARGET }],
      found: [TARGET, OUR_IP],
      message: 'Le domaine www.boutique-dns.sn pointe bien vers Comptoir.',
    });

    zones.set('www.boutique-dns.sn', { error: 'ETIMEOUT' });
    const silent = await check(a);
    expect(silent.status).toBe(200);
    expect(silent.body.status).toBe('unreachable');
    expect(silent.body.message).toContain('réessayez dans quelques minutes');
  });

  it('gives an A record « @ » to STOREFRONT_IPV4 for a bare domain', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Apex');
    const a = as(fixture);
    await saveDomain(a, 'boutique-apex.sn');
    zones.set('boutique-apex.sn', { a: [OUR_IP] });
    const answer = await check(a);
    expect(answer.body).toMatchObject({
      status: 'ok',
      records: [{ type: 'A', name: '@', value: OUR_IP }],
      found: [OUR_IP],
    });

    // Removing the domain brings the first question back.
    await saveDomain(a, null);
    expect((await check(a)).body.error.details.customDomain).toBe('Enregistrez d’abord un nom de domaine.');
  });

  it('is for the shop’s admin and seller only', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Gardée');
    await saveDomain(as(fixture), 'www.boutique-gardee.sn');
    expect((await check(as(fixture, 'cashier'))).status).toBe(403);
    const other = await createShopFixture(bed.database.db, 'Boutique Voisine');
    expect((await check({ ...as(other, 'seller'), shopId: fixture.shop.id })).status).toBe(404);
    expect((await check({ ...as(other), shopId: fixture.shop.id })).status).toBe(404);
    expect((await check({ token: undefined, shopId: fixture.shop.id })).status).toBe(401);
  });
});
