import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { typographyFaults } from '@/shared/typography';
import {
  checkDomain,
  expectedTarget,
  subDomainOf,
  systemDnsResolver,
  type DnsResolver,
  type DomainTarget,
} from '@/features/storefront/server/domain-check';

/*
 * « Vérifier le domaine »: the records a shop's own domain needs, and what DNS answers for it, with
 * DNS answered by a fake (each name: its CNAME, its A records, or the error code a lookup gets).
 */

interface Zone {
  cname?: string[];
  a?: string[];
  /** Every lookup of this name fails so (ETIMEOUT, ESERVFAIL…). */
  error?: string;
}

function dnsError(code: string): Error {
  return Object.assign(new Error(`query ${code}`), { code });
}

function fakeResolver(zones: Record<string, Zone>): DnsResolver & { asked: string[] } {
  const asked: string[] = [];
  const zoneOf = (name: string) => {
    asked.push(name);
    const zone = zones[name];
    if (zone?.error) throw dnsError(zone.error);
    if (!zone) throw dnsError('ENOTFOUND');
    return zone;
  };
  const resolve4 = async (name: string): Promise<string[]> => {
    const zone = zoneOf(name);
    // As a real resolver does, an A lookup follows the CNAME.
    if (zone.cname?.length) return resolve4(zone.cname[0]!);
    if (!zone.a?.length) throw dnsError('ENODATA');
    return zone.a;
  };
  return {
    asked,
    resolve4,
    resolveCname: async (name) => {
      const zone = zoneOf(name);
      if (!zone.cname?.length) throw dnsError('ENODATA');
      return zone.cname;
    },
  };
}

const TARGET = 'shops.comptoir.sn';
const OUR_IP = '203.0.113.10';
const withIpv4: DomainTarget = { cname: TARGET, ipv4: OUR_IP };
const withoutIpv4: DomainTarget = { cname: TARGET, ipv4: null };
/** Our target host resolves to our address, as in production. */
const ours = { [TARGET]: { a: [OUR_IP] } };

describe('checkDomain', () => {
  it('is ok for a sub-domain whose CNAME is the target, and asks a CNAME « www » for it', async () => {
    const resolver = fakeResolver({ ...ours, 'www.x.sn': { cname: [`${TARGET}.`] } });
    const check = await checkDomain('www.x.sn', withIpv4, resolver);
    expect(check).toMatchObject({
      status: 'ok',
      records: [{ type: 'CNAME', name: 'www', value: TARGET }],
      message: 'Le domaine www.x.sn pointe bien vers Comptoir.',
    });
    expect(check.found).toContain(TARGET);
  });

  it('is ok for a bare domain whose A record is the server’s IPv4, and asks an A record « @ »', async () => {
    const check = await checkDomain('x.sn', withIpv4, fakeResolver({ ...ours, 'x.sn': { a: [OUR_IP] } }));
    expect(check).toMatchObject({
      status: 'ok',
      records: [{ type: 'A', name: '@', value: OUR_IP }],
      found: [OUR_IP],
    });
  });

  it('is ok for any name resolving only to our addresses: an A on a sub-domain, an ALIAS, a CNAME chain', async () => {
    const viaA = await checkDomain(
      'www.x.sn',
      withIpv4,
      fakeResolver({ ...ours, 'www.x.sn': { a: [OUR_IP] } }),
    );
    expect(viaA.status).toBe('ok');
    // Without STOREFRONT_IPV4, the target's own addresses are ours (an ALIAS/ANAME gives those).
    const alias = await checkDomain('x.sn', withoutIpv4, fakeResolver({ ...ours, 'x.sn': { a: [OUR_IP] } }));
    expect(alias).toMatchObject({ status: 'ok', records: [] });
    const chain = await checkDomain(
      'boutique.x.sn',
      withoutIpv4,
      fakeResolver({ ...ours, 'boutique.x.sn': { cname: ['x.sn'] }, 'x.sn': { cname: [TARGET] } }),
    );
    expect(chain.status).toBe('ok');
  });

  it('tells a domain pointing elsewhere what it points to and what to put instead', async () => {
    const elsewhere = fakeResolver({
      ...ours,
      'www.x.sn': { cname: ['x-sn.wixdns.net'] },
      'x-sn.wixdns.net': { a: ['198.51.100.7'] },
    });
    const check = await checkDomain('www.x.sn', withIpv4, elsewhere);
    expect(check.status).toBe('wrong_target');
    expect(check.found).toEqual(['x-sn.wixdns.net', '198.51.100.7']);
    expect(check.records).toEqual([{ type: 'CNAME', name: 'www', value: TARGET }]);
    expect(check.message).toContain('Le domaine www.x.sn pointe vers x-sn.wixdns.net, pas vers Comptoir.');
    expect(check.message).toContain('remplacez cet enregistrement');

    // One of our addresses beside a stranger's: some buyers would land elsewhere.
    const mixed = await checkDomain(
      'x.sn',
      withIpv4,
      fakeResolver({ ...ours, 'x.sn': { a: [OUR_IP, '198.51.100.7'] } }),
    );
    expect(mixed).toMatchObject({ status: 'wrong_target', found: [OUR_IP, '198.51.100.7'] });
  });

  it('says a domain without records has none yet (ENOTFOUND, ENODATA)', async () => {
    const missing = await checkDomain('www.x.sn', withIpv4, fakeResolver(ours));
    expect(missing).toMatchObject({ status: 'not_found', found: [] });
    expect(missing.message).toMatch(/^Le domaine www\.x\.sn n’a pas encore d’enregistrement DNS\./);
    expect(missing.message).toContain('jusqu’à 24 heures');
    // The name exists (say, an MX only) but has neither CNAME nor A.
    const empty = await checkDomain('www.x.sn', withIpv4, fakeResolver({ ...ours, 'www.x.sn': {} }));
    expect(empty.status).toBe('not_found');
  });

  it('says DNS cannot be asked now on timeouts, SERVFAIL and refused connections', async () => {
    for (const code of ['ETIMEOUT', 'ESERVFAIL', 'ECONNREFUSED']) {
      const check = await checkDomain(
        'www.x.sn',
        withIpv4,
        fakeResolver({ ...ours, 'www.x.sn': { error: code } }),
      );
      expect({ code, status: check.status }).toEqual({ code, status: 'unreachable' });
      expect(check.records).toEqual([{ type: 'CNAME', name: 'www', value: TARGET }]);
      expect(check.message).toBe(
        'Impossible de vérifier pour l’instant le domaine www.x.sn\u00a0: réessayez dans quelques minutes\u00a0; un changement DNS peut prendre jusqu’à 24 heures.',
      );
    }
    // Addresses we cannot compare: no IPv4 configured and the target itself not answering.
    const blind = await checkDomain(
      'x.sn',
      withoutIpv4,
      fakeResolver({ [TARGET]: { error: 'ETIMEOUT' }, 'x.sn': { a: ['198.51.100.7'] } }),
    );
    expect(blind.status).toBe('unreachable');
  });

  it('asks a bare domain for an A record « @ », or, without a server IPv4, for forwarding to www or an ALIAS', async () => {
    expect(subDomainOf('www.x.sn')).toBe('www');
    expect(subDomainOf('x.sn')).toBe('');
    expect(subDomainOf('ma-boutique.com.sn')).toBe('');
    expect(subDomainOf('www.ma-boutique.com.sn')).toBe('www');
    expect(subDomainOf('shop.co.uk')).toBe('');
    expect(subDomainOf('boutique.dakar.x.sn')).toBe('boutique.dakar');

    const apex = await checkDomain('ma-boutique.com.sn', withIpv4, fakeResolver(ours));
    expect(apex).toMatchObject({ status: 'not_found', records: [{ type: 'A', name: '@', value: OUR_IP }] });

    const noIpv4 = await checkDomain('x.sn', withoutIpv4, fakeResolver(ours));
    expect(noIpv4).toMatchObject({ status: 'not_found', records: [] });
    expect(noIpv4.message).toContain('redirigez-le vers www.x.sn et enregistrez plutôt www.x.sn ici');
    expect(noIpv4.message).toContain(`ALIAS (ou ANAME) vers ${TARGET}`);
    const wrongApex = await checkDomain(
      'x.sn',
      withoutIpv4,
      fakeResolver({ ...ours, 'x.sn': { a: ['198.51.100.7'] } }),
    );
    expect(wrongApex.status).toBe('wrong_target');
    expect(wrongApex.message).toContain('ALIAS (ou ANAME)');
  });

  it('reads domains and targets loosely: case, final dot, a URL as target', async () => {
    const resolver = fakeResolver({ ...ours, 'www.x.sn': { cname: ['Shops.Comptoir.SN.'] } });
    const check = await checkDomain(
      'WWW.X.sn.',
      { cname: 'https://shops.comptoir.sn/', ipv4: null },
      resolver,
    );
    expect(check).toMatchObject({ status: 'ok', records: [{ type: 'CNAME', name: 'www', value: TARGET }] });
    expect(resolver.asked).toContain('www.x.sn');
  });

  it('writes every sentence in French typography', async () => {
    const cases: Array<[string, DomainTarget, Record<string, Zone>]> = [
      ['www.x.sn', withIpv4, { ...ours, 'www.x.sn': { cname: [TARGET] } }],
      ['www.x.sn', withIpv4, { ...ours, 'www.x.sn': { cname: ['ailleurs.net'] } }],
      ['www.x.sn', withIpv4, ours],
      ['x.sn', withoutIpv4, ours],
      ['x.sn', withoutIpv4, { ...ours, 'x.sn': { a: ['198.51.100.7'] } }],
      ['www.x.sn', withIpv4, { 'www.x.sn': { error: 'ETIMEOUT' } }],
    ];
    for (const [domain, target, zones] of cases) {
      const { message } = await checkDomain(domain, target, fakeResolver(zones));
      expect({ message, faults: typographyFaults(message) }).toEqual({ message, faults: [] });
    }
  });
});

describe('expectedTarget', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ['STOREFRONT_CNAME_TARGET', 'STOREFRONT_IPV4', 'NEXTAUTH_URL'] as const)
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    resetEnvCache();
  });

  it('reads STOREFRONT_CNAME_TARGET and STOREFRONT_IPV4, else the public URL’s host and no IPv4', () => {
    process.env.NEXTAUTH_URL = 'https://pro.comptoir.sn';
    delete process.env.STOREFRONT_CNAME_TARGET;
    process.env.STOREFRONT_IPV4 = '';
    resetEnvCache();
    expect(expectedTarget()).toMatchObject({ cname: 'pro.comptoir.sn', ipv4: null });

    process.env.STOREFRONT_CNAME_TARGET = 'Shops.Comptoir.sn';
    process.env.STOREFRONT_IPV4 = OUR_IP;
    resetEnvCache();
    expect(expectedTarget()).toMatchObject({ cname: 'shops.comptoir.sn', ipv4: OUR_IP });
  });

  it('refuses an STOREFRONT_IPV4 that is no IPv4 address', () => {
    process.env.STOREFRONT_IPV4 = 'mon-serveur';
    resetEnvCache();
    expect(() => expectedTarget()).toThrow(/STOREFRONT_IPV4/);
  });
});

describe('systemDnsResolver', () => {
  it('offers the two lookups the check makes', () => {
    const resolver = systemDnsResolver(500);
    expect(typeof resolver.resolve4).toBe('function');
    expect(typeof resolver.resolveCname).toBe('function');
  });
});
