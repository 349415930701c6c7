import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { getEnv, publicUrl } from '@/server/env';
import type { TDomainCheck, TDomainRecord } from '../domain.schemas';

/*
 * « Vérifier le domaine »: which DNS records a shop's own domain needs to reach this server, and
 * whether DNS already answers them. A sub-domain (www.ma-boutique.sn) takes a CNAME to
 * STOREFRONT_CNAME_TARGET; a bare domain (ma-boutique.sn) cannot have a CNAME, so it takes an A
 * record to STOREFRONT_IPV4 when the server has one, and is told otherwise to forward to its www
 * at the registrar (or to use an ALIAS/ANAME record). The domain also counts as ours when every
 * address it resolves to is one of ours: an A record, a chain of CNAMEs or an ALIAS all work.
 */

/** The two lookups the check makes; node:dns/promises' Resolver in production, a fake in tests. */
export interface DnsResolver {
  resolve4(hostname: string): Promise<string[]>;
  resolveCname(hostname: string): Promise<string[]>;
}

/** Where a shop's domain must point. */
export interface DomainTarget {
  /** The host name a sub-domain's CNAME points at. */
  cname: string;
  /** The server's public IPv4, for a bare domain's A record; null when not configured. */
  ipv4: string | null;
  /** Named in the sentences (PRODUCT_NAME); « Comptoir » by default. */
  productName?: string;
}

export type DomainCheck = TDomainCheck;

/** A seller waits on the answer: one try of 3 s per name server, the three lookups side by side. */
const DNS_TIMEOUT_MS = 3_000;

export function systemDnsResolver(timeoutMs = DNS_TIMEOUT_MS): DnsResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  return {
    resolve4: (hostname) => resolver.resolve4(hostname),
    resolveCname: (hostname) => resolver.resolveCname(hostname),
  };
}

let resolverForTests: DnsResolver | null = null;

/** Tests answer DNS themselves (null puts the system's back); production never calls this. */
export function setDnsResolverForTests(resolver: DnsResolver | null): void {
  resolverForTests = resolver;
}

/** The resolver the route uses: the test's fake when one is set, else the system's. */
export function dnsResolver(): DnsResolver {
  return resolverForTests ?? systemDnsResolver();
}

/** « www.Boutique.sn. » → « www.boutique.sn ». */
function normalizeName(name: string): string {
  return name.trim().toLowerCase().replace(/\.+$/, '');
}

/** « https://shops.comptoir.sn/ » or « shops.comptoir.sn » → « shops.comptoir.sn ». */
function hostnameOf(value: string): string {
  const text = value.trim();
  try {
    return normalizeName(new URL(text.includes('://') ? text : `http://${text}`).hostname);
  } catch {
    return normalizeName(text);
  }
}

/** The target from the configuration: STOREFRONT_CNAME_TARGET (else publicUrl()'s host) and STOREFRONT_IPV4. */
export function expectedTarget(): DomainTarget {
  const env = getEnv();
  return {
    cname: hostnameOf(env.STOREFRONT_CNAME_TARGET || publicUrl()),
    ipv4: env.STOREFRONT_IPV4 || null,
    productName: env.PRODUCT_NAME,
  };
}

/*
 * Second-level labels registries sell names under in country domains (ma-boutique.com.sn,
 * boutique.co.ci, shop.co.uk): there the registered domain has three labels, not two. A heuristic
 * rather than the whole public suffix list, enough to tell « @ » from « www » for our sellers.
 */
const SECOND_LEVEL = new Set([
  'ac',
  'art',
  'co',
  'com',
  'ed',
  'edu',
  'go',
  'gouv',
  'gov',
  'int',
  'net',
  'nom',
  'or',
  'org',
  'perso',
  'presse',
  'univ',
]);

/** The part before the registered domain: « www » for www.ma-boutique.sn, « » for ma-boutique.sn. */
export function subDomainOf(domain: string): string {
  const labels = normalizeName(domain).split('.');
  const tld = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  const registered = labels.length >= 3 && tld.length === 2 && SECOND_LEVEL.has(second) ? 3 : 2;
  return labels.slice(0, Math.max(0, labels.length - registered)).join('.');
}

/** The records to add at the registrar for `domain`. */
export function recordsFor(domain: string, expected: DomainTarget): TDomainRecord[] {
  const sub = subDomainOf(domain);
  if (sub) return [{ type: 'CNAME', name: sub, value: hostnameOf(expected.cname) }];
  return expected.ipv4 ? [{ type: 'A', name: '@', value: expected.ipv4 }] : [];
}

type Lookup = { ok: true; value: string[] } | { ok: false; code: string };

function settle(lookup: Promise<string[]>): Promise<Lookup> {
  return lookup.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      return { ok: false as const, code: typeof code === 'string' ? code : 'UNKNOWN' };
    },
  );
}

/** The name has no such record (or does not exist): anything else (ETIMEOUT, ESERVFAIL…) is DNS not answering. */
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

const unique = (values: string[]) => [...new Set(values)];

export async function checkDomain(
  domain: string,
  expected: DomainTarget,
  resolver: DnsResolver = dnsResolver(),
): Promise<DomainCheck> {
  const name = normalizeName(domain);
  const target = hostnameOf(expected.cname);
  const product = expected.productName ?? 'Comptoir';
  const records = recordsFor(name, expected);

  const [cname, a, targetA] = await Promise.all([
    settle(resolver.resolveCname(name)),
    settle(resolver.resolve4(name)),
    isIP(target) ? Promise.resolve<Lookup>({ ok: true, value: [target] }) : settle(resolver.resolve4(target)),
  ]);
  const cnames = cname.ok ? unique(cname.value.map(normalizeName)) : [];
  const addresses = a.ok ? unique(a.value) : [];
  const found = [...cnames, ...addresses];
  const ours = new Set([...(expected.ipv4 ? [expected.ipv4] : []), ...(targetA.ok ? targetA.value : [])]);

  const apexAdvice = `Un domaine sans sous-domaine comme ${name} ne peut pas pointer vers ${product} par un CNAME : chez votre registraire, redirigez-le vers www.${name} et enregistrez plutôt www.${name} ici, ou ajoutez un enregistrement ALIAS (ou ANAME) vers ${target} si votre hébergeur DNS le propose.`;
  const result = (status: DomainCheck['status'], message: string): DomainCheck => ({
    status,
    records,
    found,
    message,
  });
  const unreachable = () =>
    result(
      'unreachable',
      `Impossible de vérifier pour l’instant le domaine ${name} : réessayez dans quelques minutes ; un changement DNS peut prendre jusqu’à 24 heures.`,
    );

  if (cnames.includes(target) || (addresses.length > 0 && addresses.every((ip) => ours.has(ip))))
    return result('ok', `Le domaine ${name} pointe bien vers ${product}.`);

  if (found.length === 0) {
    const codes = [cname, a].flatMap((lookup) => (lookup.ok ? [] : [lookup.code]));
    if (codes.some((code) => !NOT_FOUND_CODES.has(code))) return unreachable();
    return result(
      'not_found',
      `Le domaine ${name} n’a pas encore d’enregistrement DNS. ${
        records.length
          ? 'Ajoutez chez votre registraire l’enregistrement ci-dessous, puis vérifiez de nouveau : un changement DNS peut prendre jusqu’à 24 heures.'
          : apexAdvice
      }`,
    );
  }

  // Addresses only, and ours unknown (no IPv4 configured, the target's own lookup not answered).
  if (cnames.length === 0 && ours.size === 0 && !targetA.ok && !NOT_FOUND_CODES.has(targetA.code))
    return unreachable();

  return result(
    'wrong_target',
    `Le domaine ${name} pointe vers ${(cnames.length ? cnames : addresses).join(', ')}, pas vers ${product}. ${
      records.length
        ? 'Chez votre registraire, remplacez cet enregistrement par celui ci-dessous. Si vous venez de le faire, vérifiez de nouveau plus tard : un changement DNS peut prendre jusqu’à 24 heures.'
        : apexAdvice
    }`,
  );
}
