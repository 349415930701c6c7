import type { CsvRecord } from '@/server/csv';
import { unguardFormula } from '@/server/csv';
import type { ClientImportLayout } from '../../client-import.schemas';

/** A cell of the file, with the column it came from (errors name it). */
export interface Cell {
  column: string;
  value: string;
}

/** A line of a clients file in our words, before it is checked. */
export interface ImportedClient {
  line: number;
  firstName: Cell;
  lastName: Cell;
  /** One cell for the whole name (Loyverse), split into first and last. */
  fullName?: Cell;
  phone: Cell;
  /** The calling code's digits written apart from the national number (our export's « Indicatif »). */
  callingCode?: Cell;
  /** An ISO country (« SN ») the phone is read in when it has no « + » (Shopify's address country). */
  country?: Cell;
  phone2?: Cell;
  email: Cell;
  commune: Cell;
  quartier: Cell;
  landmark: Cell;
  tags: Cell;
  notes: Cell;
  /** « yes »/« no » (Shopify), or the date it was given (our export); absent: not in this layout. */
  consentSms?: Cell;
  consentWhatsapp?: Cell;
}

interface Header {
  has(name: string): boolean;
  /** The cell of the first of these columns the file has (names compared without case). */
  cell(record: CsvRecord, ...names: string[]): Cell;
}

function headerOf(names: string[]): Header {
  const index = new Map<string, number>();
  names.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (!index.has(key)) index.set(key, i);
  });
  const find = (candidates: string[]) => candidates.find((n) => index.has(n.toLowerCase()));
  return {
    has: (name) => index.has(name.toLowerCase()),
    cell: (record, ...candidates) => {
      const found = find(candidates);
      const raw = found === undefined ? '' : (record.fields[index.get(found.toLowerCase())!] ?? '');
      return { column: found ?? candidates[0]!, value: unguardFormula(raw.trim()).trim() };
    },
  };
}

/** Several cells read as one, « , »-joined; errors name the first. */
function joined(...cells: Cell[]): Cell {
  return {
    column: cells[0]!.column,
    value: cells
      .map((c) => c.value)
      .filter(Boolean)
      .join(', '),
  };
}

interface Layout {
  id: ClientImportLayout;
  matches(header: Header): boolean;
  read(header: Header, record: CsvRecord): ImportedClient;
}

/** Our own export (client-list.ts HEADERS): read back as written. */
const comptoir: Layout = {
  id: 'comptoir',
  matches: (h) => h.has('Prénom') && h.has('Téléphone'),
  read: (h, r) => ({
    line: r.line,
    firstName: h.cell(r, 'Prénom'),
    lastName: h.cell(r, 'Nom'),
    phone: h.cell(r, 'Téléphone'),
    callingCode: h.cell(r, 'Indicatif'),
    phone2: h.cell(r, 'Deuxième téléphone'),
    email: h.cell(r, 'E-mail'),
    commune: h.cell(r, 'Commune'),
    quartier: h.cell(r, 'Quartier'),
    landmark: h.cell(r, 'Point de repère'),
    tags: h.cell(r, 'Étiquettes'),
    notes: h.cell(r, 'Notes'),
    consentSms: h.cell(r, 'Consentement SMS'),
    consentWhatsapp: h.cell(r, 'Consentement WhatsApp'),
  }),
};

/**
 * Shopify's customers export (Clients › Exporter). Its current header names the address columns
 * « Default Address … » and gives country and province as codes; older exports wrote « Address1 »,
 * « City », « Country Code »… Both are read. Figures (Total Spent, Total Orders) are ignored: ours
 * come from the orders. There is no e-mail consent here; Tax Exempt and Company have no place.
 */
const shopify: Layout = {
  id: 'shopify',
  matches: (h) => h.has('First Name') && h.has('Last Name') && h.has('Phone'),
  read: (h, r) => {
    const phone = h.cell(r, 'Phone');
    return {
      line: r.line,
      firstName: h.cell(r, 'First Name'),
      lastName: h.cell(r, 'Last Name'),
      phone: phone.value ? phone : h.cell(r, 'Default Address Phone', 'Phone'),
      country: h.cell(r, 'Default Address Country Code', 'Country Code'),
      email: h.cell(r, 'Email'),
      commune: h.cell(r, 'Default Address City', 'City'),
      quartier: { column: '', value: '' },
      landmark: joined(
        h.cell(r, 'Default Address Address1', 'Address1'),
        h.cell(r, 'Default Address Address2', 'Address2'),
      ),
      tags: h.cell(r, 'Tags'),
      notes: h.cell(r, 'Note'),
      consentSms: h.cell(r, 'Accepts SMS Marketing'),
    };
  },
};

/**
 * Loyverse's customers export (Back Office › Clients › Exporter): one « Customer name » cell. Its
 * figures (First visit, Last visit, Total visits, Total spent, Points balance) are ignored, as are
 * Customer code, Region, Postal code and Country (a name, not a code: the shop's country is used).
 */
const loyverse: Layout = {
  id: 'loyverse',
  matches: (h) => h.has('Customer name') && h.has('Phone'),
  read: (h, r) => ({
    line: r.line,
    firstName: { column: 'Customer name', value: '' },
    lastName: { column: 'Customer name', value: '' },
    fullName: h.cell(r, 'Customer name'),
    phone: h.cell(r, 'Phone'),
    email: h.cell(r, 'Email'),
    commune: h.cell(r, 'City'),
    quartier: { column: '', value: '' },
    landmark: h.cell(r, 'Address'),
    tags: { column: '', value: '' },
    notes: h.cell(r, 'Note'),
  }),
};

const LAYOUTS = [comptoir, shopify, loyverse];

/** The layout the header line says, and its lines in our words; null for a header none reads. */
export function readClientsFile(
  records: CsvRecord[],
): { layout: ClientImportLayout; clients: ImportedClient[] } | null {
  const [first, ...rest] = records;
  if (!first) return null;
  const header = headerOf(first.fields);
  const layout = LAYOUTS.find((l) => l.matches(header));
  if (!layout) return null;
  return { layout: layout.id, clients: rest.map((record) => layout.read(header, record)) };
}
