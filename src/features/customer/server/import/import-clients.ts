import { sql } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import { executePrepared, type Database, type Executor } from '@/server/db';
import { clients } from '@/server/db/schema/customer';
import { CsvSyntaxError, parseCsv } from '@/server/csv';
import { Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import { toE164 } from '@/shared/phone';
import { z } from '@/shared/validation';
import type { TClientImportReport, TClientImportRow } from '../../client-import.schemas';
import { searchTextOf, splitName } from '../customers';
import { readClientsFile, type Cell, type ImportedClient } from './layouts';

export const CLIENT_IMPORT_MAX_ROWS = 20_000;
export const CLIENT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** A line checked: the client to write, or its errors. */
interface CheckedRow {
  report: TClientImportRow;
  values: typeof clients.$inferInsert | null;
}

type Consent = { at: Date; source: 'import' } | null;

const ZEmail = z.email();
const YES = new Set(['yes', 'oui', 'true', 'vrai', '1', 'y', 'o', 'x']);
const NO = new Set(['no', 'non', 'false', 'faux', '0', 'n', '']);

function checkRow(
  client: ImportedClient,
  shop: { id: string; country: string },
  seen: Map<string, number>,
): CheckedRow {
  const errors: TClientImportRow['errors'] = [];
  const fail = (cell: Cell, message: string) => errors.push({ column: cell.column, message });
  const tooLong = (cell: Cell, max: number) => {
    if (cell.value.length > max) fail(cell, `Trop long (${max} caractères au plus).`);
    return cell.value.slice(0, max);
  };

  let { firstName, lastName } = { firstName: client.firstName.value, lastName: client.lastName.value };
  if (client.fullName) ({ firstName, lastName } = splitName(client.fullName.value));
  const nameCell = client.fullName ?? client.firstName;
  const name = `${firstName} ${lastName}`.trim();
  if (!name)
    fail(nameCell, client.fullName ? 'Le nom du client est vide.' : 'Le prénom et le nom sont vides.');
  else if (name.length > 120) fail(nameCell, 'Nom trop long (120 caractères au plus).');

  const country = /^[A-Za-z]{2}$/.test(client.country?.value ?? '')
    ? client.country!.value.toUpperCase()
    : shop.country;
  const phone = readPhone(client.phone, client.callingCode, country);
  if (!client.phone.value)
    fail(client.phone, 'Le téléphone est obligatoire\u00a0: c’est lui qui retrouve le client.');
  else if (!phone) fail(client.phone, 'Numéro de téléphone invalide.');
  else if (seen.has(phone))
    fail(client.phone, `Ce numéro est déjà à la ligne ${seen.get(phone)} du fichier.`);
  else seen.set(phone, client.line);

  let phone2: string | null = null;
  if (client.phone2?.value) {
    phone2 = readPhone(client.phone2, undefined, country);
    if (!phone2) fail(client.phone2, 'Numéro de téléphone invalide.');
  }
  const email = client.email.value.toLowerCase();
  if (email && !ZEmail.safeParse(email).success) fail(client.email, 'Adresse e-mail invalide.');
  else if (email.length > 200) fail(client.email, 'Trop long (200 caractères au plus).');

  const tags = [
    ...new Map(
      client.tags.value
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => [t.toLocaleLowerCase('fr'), t] as const),
    ).values(),
  ];
  if (tags.some((t) => t.length > 40)) fail(client.tags, 'Une étiquette dépasse 40 caractères.');
  else if (tags.length > 30) fail(client.tags, 'Trop d’étiquettes (30 au plus).');

  const consentSms = readConsent(client.consentSms, fail);
  const consentWhatsapp = readConsent(client.consentWhatsapp, fail);
  const commune = tooLong(client.commune, 120);
  const quartier = tooLong(client.quartier, 120);
  const landmark = tooLong(client.landmark, 500);
  const notes = tooLong(client.notes, 5000);

  const report: TClientImportRow = {
    line: client.line,
    status: errors.length ? 'error' : 'create',
    name,
    phone,
    errors,
  };
  if (errors.length) return { report, values: null };
  return {
    report,
    values: {
      id: newId(),
      shopId: shop.id,
      name,
      firstName,
      lastName,
      phone,
      phone2,
      email: email || null,
      addresses:
        commune || quartier || landmark ? [{ commune, quartier, ville: '', indications: landmark }] : [],
      commune,
      quartier,
      landmark,
      notes,
      tags,
      consentSmsAt: consentSms?.at ?? null,
      consentSmsSource: consentSms?.source ?? null,
      consentWhatsappAt: consentWhatsapp?.at ?? null,
      consentWhatsappSource: consentWhatsapp?.source ?? null,
      searchText: searchTextOf(name, phone, email || null),
    },
  };
}

/** « 77 123 45 67 », « +221 77… », « 00221… », or our export's national number with its « Indicatif ». */
function readPhone(cell: Cell, callingCode: Cell | undefined, country: string): string | null {
  let text = cell.value;
  if (!text) return null;
  const code = callingCode?.value.replace(/\D/g, '');
  if (code && !text.startsWith('+') && !text.startsWith('00')) {
    // The national form may keep a trunk « 0 » (« 06 12 34 56 78 » in France): parsed with the code.
    const withCode = toE164(`+${code}${text.replace(/\D/g, '')}`, country as CountryCode);
    if (withCode) return withCode;
  }
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  // A bare international number without its « + » (« 221771234567 »), as spreadsheets leave them.
  return (
    toE164(text, country as CountryCode) ??
    (/^\d{11,15}$/.test(text.replace(/[\s.-]/g, '')) ? toE164(`+${text}`, country as CountryCode) : null)
  );
}

/** Yes/no (Shopify), or the date it was given (our export, « 25/11/2026 »): given once, source `import`. */
function readConsent(cell: Cell | undefined, fail: (cell: Cell, message: string) => void): Consent {
  if (!cell) return null;
  const value = cell.value.trim().toLowerCase();
  if (NO.has(value)) return null;
  if (YES.has(value)) return { at: new Date(), source: 'import' };
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const at = french
    ? new Date(Date.UTC(Number(french[3]), Number(french[2]) - 1, Number(french[1]), 12))
    : new Date(value);
  if (Number.isNaN(at.getTime()) || at.getTime() > Date.now() + 86_400_000) {
    fail(cell, 'Valeur non reconnue\u00a0: oui, non, ou la date du consentement (JJ/MM/AAAA).');
    return null;
  }
  return { at, source: 'import' };
}

/** The file read and every line checked; a file no layout reads is a 422 on `file`. */
function checkFile(text: string, shop: { id: string; country: string }) {
  let records;
  try {
    records = parseCsv(text).records;
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw Errors.validation({ file: error.message }, error.message);
    throw error;
  }
  if (records.length < 2)
    throw Errors.validation({ file: 'Le fichier est vide\u00a0: aucune ligne de client sous l’en-tête.' });
  if (records.length - 1 > CLIENT_IMPORT_MAX_ROWS)
    throw Errors.validation({
      file: `Le fichier a plus de ${CLIENT_IMPORT_MAX_ROWS.toLocaleString('fr-FR')} lignes\u00a0: découpez-le.`,
    });
  const read = readClientsFile(records);
  if (!read) {
    const message =
      'Colonnes non reconnues\u00a0: importez l’export clients de Comptoir, de Shopify ou de Loyverse (avec sa ligne d’en-tête).';
    throw Errors.validation({ file: message }, message);
  }
  const seen = new Map<string, number>();
  return { layout: read.layout, rows: read.clients.map((client) => checkRow(client, shop, seen)) };
}

function reportOf(
  layout: TClientImportReport['layout'],
  rows: CheckedRow[],
  isApplied: boolean,
): TClientImportReport {
  const count = (status: TClientImportRow['status']) => rows.filter((r) => r.report.status === status).length;
  return {
    layout,
    isApplied,
    created: count('create'),
    updated: count('update'),
    failed: count('error'),
    rows: rows.map((r) => r.report),
  };
}

async function existingPhones(db: Executor, shopId: string, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await executePrepared<{ phone: string }>(
    db,
    sql`select phone from clients where shop_id = ${shopId} and phone = any(${sql.param(phones)}::text[])`,
  );
  return new Set(rows.map((r) => r.phone));
}

/** What the import would do, line by line; writes nothing. */
export async function previewClientsImport(
  db: Executor,
  shop: { id: string; country: string },
  text: string,
): Promise<TClientImportReport> {
  const { layout, rows } = checkFile(text, shop);
  const known = await existingPhones(
    db,
    shop.id,
    rows.flatMap((r) => (r.values?.phone ? [r.values.phone] : [])),
  );
  for (const row of rows) if (row.values && known.has(row.values.phone!)) row.report.status = 'update';
  return reportOf(layout, rows, false);
}

const CHUNK = 500;

/**
 * Writes every valid line in one transaction, keyed on the phone: a new phone creates a client, a
 * known one updates it. Lines in error are skipped and reported. An update changes what the file
 * says and keeps the rest: names always (a line needs one), e-mail, second phone and address when
 * their cells are filled, tags added to the client's, a note added once, a consent given when the
 * client had none (dated from the file or now, source `import`; never withdrawn by a file). The
 * insert and the update are one statement (ON CONFLICT on the shop's phone index): two imports of
 * the same phone at once make one client.
 */
export async function importClients(
  db: Database,
  shop: { id: string; country: string },
  text: string,
): Promise<TClientImportReport> {
  const { layout, rows } = checkFile(text, shop);
  const valid = rows.filter((r) => r.values);
  const inserted = new Map<string, boolean>();
  await db.transaction(async (tx) => {
    for (let i = 0; i < valid.length; i += CHUNK) {
      const chunk = valid.slice(i, i + CHUNK).map((r) => r.values!);
      const written = await tx
        .insert(clients)
        .values(chunk)
        .onConflictDoUpdate({
          target: [clients.shopId, clients.phone],
          targetWhere: sql`${clients.phone} is not null`,
          set: {
            name: sql`excluded.name`,
            firstName: sql`excluded.first_name`,
            lastName: sql`excluded.last_name`,
            email: sql`coalesce(excluded.email, clients.email)`,
            phone2: sql`coalesce(excluded.phone2, clients.phone2)`,
            commune: sql`case when excluded.commune <> '' then excluded.commune else clients.commune end`,
            quartier: sql`case when excluded.quartier <> '' then excluded.quartier else clients.quartier end`,
            landmark: sql`case when excluded.landmark <> '' then excluded.landmark else clients.landmark end`,
            notes: sql`case when excluded.notes = '' or position(excluded.notes in clients.notes) > 0 then clients.notes
              when clients.notes = '' then excluded.notes else clients.notes || E'\n\n' || excluded.notes end`,
            tags: sql`array(select distinct on (lower(t)) t from unnest(clients.tags || excluded.tags) with ordinality as x(t, n) order by lower(t), n)`,
            consentSmsAt: sql`coalesce(clients.consent_sms_at, excluded.consent_sms_at)`,
            consentSmsSource: sql`case when clients.consent_sms_at is null then excluded.consent_sms_source else clients.consent_sms_source end`,
            consentWhatsappAt: sql`coalesce(clients.consent_whatsapp_at, excluded.consent_whatsapp_at)`,
            consentWhatsappSource: sql`case when clients.consent_whatsapp_at is null then excluded.consent_whatsapp_source else clients.consent_whatsapp_source end`,
            searchText: sql`case when excluded.email is null and clients.email is not null
              then excluded.search_text || ' ' || lower(clients.email) else excluded.search_text end`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ phone: clients.phone, isNew: sql<boolean>`(xmax = 0)` });
      for (const row of written) inserted.set(row.phone!, row.isNew);
    }
  });
  for (const row of valid) row.report.status = inserted.get(row.values!.phone!) ? 'create' : 'update';
  return reportOf(layout, rows, true);
}
