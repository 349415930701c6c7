// The till's offline client search over N generated clients (node --import tsx; run by
// `npm run bench:clients -- --till`): searches typed as a cashier types them, each timed; prints
// one line per search kind, then the figures as one line of JSON for bench/clients.mjs.
import { performance } from 'node:perf_hooks';
import { clientIndexOf, searchClients } from '../../src/features/pos/client/offline/client-search';
import type { StoredClient } from '../../src/features/pos/client/offline/types';

const COUNT = Number(process.argv[2] ?? 20_000);
const RUNS = 300;

const FIRST = `Awa Fatou Aminata Mariama Aïssatou Khady Ndèye Coumba Binta Rokhaya Sokhna Astou Moussa Mamadou
Ibrahima Cheikh Ousmane Abdoulaye Modou Serigne Babacar Pape Aliou Lamine Kouassi Adjoua Yao Aya Koffi Amenan`.split(
  /\s+/,
);
const LAST = `Diop Ndiaye Fall Sow Ba Diallo Sy Gueye Faye Sarr Cissé Mbaye Seck Kane Thiam Niang Diouf Sall
Camara Touré Ndour Dieng Lô Wade Koné Kouamé Traoré Coulibaly Bamba Yéo`.split(/\s+/);

// A fixed draw, so two runs measure the same copy.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;

/** The copy as a till keeps it: E.164 phones from the server, some typed locally offline, some none. */
function clients(count: number): StoredClient[] {
  return Array.from({ length: count }, (_, i) => {
    const national = `7${pick(['7', '8', '6', '0'])}${String(1_000_000 + ((i * 7919) % 9_000_000)).padStart(7, '0')}`;
    const r = random();
    const phone =
      r < 0.85
        ? `+221${national}`
        : r < 0.95
          ? national.replace(/^(\d\d)(\d{3})(\d\d)(\d\d)$/, '$1 $2 $3 $4')
          : null;
    return {
      key: `s:${i}`,
      shopId: 's',
      id: r < 0.9 ? `c${i}` : null,
      opId: r < 0.9 ? null : `op${i}`,
      name: `${pick(FIRST)} ${pick(LAST)}`,
      phone,
    };
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const copy = clients(COUNT);
const started = performance.now();
const index = clientIndexOf(copy);
const buildMs = performance.now() - started;
const withPhone = copy.filter((c) => c.phone?.startsWith('+221'));
const spaced = (e164: string) => e164.slice(4).replace(/^(\d\d)(\d{3})(\d\d)(\d\d)$/, '$1 $2 $3 $4');

type Kind = { label: string; query: () => { text: string; wanted?: StoredClient } };
const kinds: Kind[] = [
  {
    label: 'tél. tapé avec espaces « 77 123 45 67 »',
    query: () => {
      const c = pick(withPhone);
      return { text: spaced(c.phone!), wanted: c };
    },
  },
  {
    label: 'tél. « +221 77 123 45 67 »',
    query: () => {
      const c = pick(withPhone);
      return { text: `+221 ${spaced(c.phone!)}`, wanted: c };
    },
  },
  {
    label: 'tél. « 00221771234567 » (saisi en local)',
    query: () => {
      const c = pick(copy.filter((x) => x.phone && !x.phone.startsWith('+')));
      return { text: `00221${c.phone!.replace(/\D/g, '')}`, wanted: c };
    },
  },
  {
    label: 'fin du numéro « 45 67 »',
    query: () => ({ text: spaced(pick(withPhone).phone!).slice(-5) }),
  },
  {
    label: 'nom « diop awa » (mots dans le désordre)',
    query: () => {
      const c = pick(copy);
      const [first, ...last] = c.name.split(' ');
      return { text: `${last.join(' ')} ${first}`.toLowerCase(), wanted: c };
    },
  },
  {
    label: 'nom « aissatou » sans accent',
    query: () => ({ text: 'aissatou' }),
  },
  {
    label: 'rien de tel (tél. inconnu, tout le fichier lu)',
    query: () => ({ text: '70 000 00 00' }),
  },
  {
    label: 'rien de tel (nom inconnu, tout le fichier lu)',
    query: () => ({ text: 'zzkq' }),
  },
  {
    label: 'frappe par frappe « 7 », « 77 », … « 77 123 45 67 »',
    query: () => ({ text: '' }),
  },
];

const figures = [];
for (const kind of kinds) {
  const times: number[] = [];
  let found = Infinity;
  let expect = 0;
  for (let run = 0; run < RUNS; run++) {
    if (kind.label.startsWith('frappe')) {
      // Every prefix of the number as the cashier types it: each key is a search.
      const full = spaced(pick(withPhone).phone!);
      for (let n = 1; n <= full.length; n++) {
        const t0 = performance.now();
        searchClients(index, full.slice(0, n));
        times.push(performance.now() - t0);
      }
      found = Math.min(found, searchClients(index, full).length);
      expect = 1;
      continue;
    }
    const { text, wanted } = kind.query();
    const t0 = performance.now();
    const result = searchClients(index, text);
    times.push(performance.now() - t0);
    if (wanted) {
      expect = 1;
      // The client looked for is among the results (or the results are full of equals before it).
      const isFound = result.includes(wanted) || result.length === 20;
      found = Math.min(found, isFound ? result.length : 0);
    } else found = Math.min(found, result.length);
  }
  times.sort((a, b) => a - b);
  const row = {
    label: kind.label,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    found: found === Infinity ? 0 : found,
    expect,
  };
  figures.push(row);
  console.log(
    `${row.label} : ${times.length} recherches, p50 ${row.p50.toFixed(2)} ms, p95 ${row.p95.toFixed(2)} ms, ` +
      `p99 ${row.p99.toFixed(2)} ms, au moins ${row.found} trouvé(s)`,
  );
}
console.log(`index de ${COUNT} clients construit en ${buildMs.toFixed(1)} ms (à l’ouverture du dialogue)`);
console.log(JSON.stringify({ clients: COUNT, buildMs, searches: figures }));
