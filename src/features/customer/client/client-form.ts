import { dayOfMonthText } from '@/shared/wall-clock';
import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import type { TClientDetail, TUpdateClientBody } from '../customer.schemas';

/*
 * A client's profile form. Its fields are named by the update body's own keys, so that a 422's
 * `details.<field>` lands under the field that caused it; only the fields changed are sent (the
 * server changes only what it receives).
 */

export interface ClientFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  phone2: string;
  whatsapp: boolean;
  email: string;
  commune: string;
  quartier: string;
  landmark: string;
  /** As typed: « 05-03 », « 5/3 », « 05.03 »; read by readBirthday. */
  birthday: string;
  notes: string;
  /** « fidèle, grossiste »: one text, split on commas. */
  tags: string;
  /** An amount as typed (« 50 000 »); '' for no limit. */
  creditLimit: string;
}

export type ClientFormField = keyof ClientFormValues;

export function formFromClient(client: TClientDetail, currency: string): ClientFormValues {
  return {
    firstName: client.firstName,
    lastName: client.lastName,
    // « +221 77 123 45 67 »: read as typed, sent only if changed (the server takes any form).
    phone: client.phone ? formatPhone(client.phone) : '',
    phone2: client.phone2 ? formatPhone(client.phone2) : '',
    whatsapp: client.whatsapp,
    email: client.email ?? '',
    commune: client.commune,
    quartier: client.quartier,
    landmark: client.landmark,
    birthday: client.birthday ?? '',
    notes: client.notes,
    tags: client.tags.join(', '),
    creditLimit: moneyInputValue(client.creditLimit, currency),
  };
}

/**
 * A birthday typed as day and month (« 5-3 », « 05/03 », « 05.03 », « 05 03 ») to « JJ-MM »; ''
 * stays null (no birthday). Anything else is given back as typed, for the server to refuse in
 * its own words (« Anniversaire attendu au format JJ-MM. »).
 */
export function readBirthday(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const match = /^(\d{1,2})\s*[-/.\s]\s*(\d{1,2})$/.exec(trimmed);
  if (!match) return trimmed;
  return `${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
}

/** « fidèle, Grossiste , fidèle » → ['fidèle', 'Grossiste']: trimmed, empty and repeated ones dropped. */
export function readTags(text: string): string[] {
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag && !tags.some((t) => t.toLocaleLowerCase('fr') === tag.toLocaleLowerCase('fr'))) tags.push(tag);
  }
  return tags;
}

type UpdateFields = Omit<TUpdateClientBody, 'shopId' | 'clientId'>;

export type ReadClientForm =
  { ok: true; changes: UpdateFields } | { ok: false; errors: Partial<Record<ClientFormField, string>> };

/**
 * The update body's fields for what changed between the form as it opened and as it is sent.
 * A credit limit that is not an amount is refused here; the rest the server checks.
 */
export function readClientForm(
  initial: ClientFormValues,
  values: ClientFormValues,
  currency: string,
): ReadClientForm {
  const changes: UpdateFields = {};
  const text = (key: 'firstName' | 'lastName' | 'phone' | 'commune' | 'quartier' | 'landmark') => {
    if (values[key].trim() !== initial[key].trim()) changes[key] = values[key].trim();
  };
  text('firstName');
  text('lastName');
  text('phone');
  text('commune');
  text('quartier');
  text('landmark');
  if (values.phone2.trim() !== initial.phone2.trim()) changes.phone2 = values.phone2.trim() || null;
  if (values.whatsapp !== initial.whatsapp) changes.whatsapp = values.whatsapp;
  if (values.email.trim() !== initial.email.trim()) changes.email = values.email.trim() || null;
  if (values.notes !== initial.notes) changes.notes = values.notes;
  const birthday = readBirthday(values.birthday);
  if (birthday !== readBirthday(initial.birthday)) changes.birthday = birthday;
  const tags = readTags(values.tags);
  if (tags.join('\n') !== readTags(initial.tags).join('\n')) changes.tags = tags;
  if (values.creditLimit.trim() !== initial.creditLimit.trim()) {
    if (!values.creditLimit.trim()) changes.creditLimit = null;
    else {
      const limit = parseMoneyInput(values.creditLimit, currency);
      if (limit === null)
        return {
          ok: false,
          errors: { creditLimit: 'Indiquez un montant, ou laissez vide pour aucun plafond.' },
        };
      changes.creditLimit = limit;
    }
  }
  return { ok: true, changes };
}

/** « 05-03 » → « 5 mars » (the page shows a birthday in words). */
export function birthdayText(birthday: string | null): string | null {
  if (!birthday) return null;
  const [day, month] = birthday.split('-').map(Number) as [number, number];
  return month >= 1 && month <= 12 ? dayOfMonthText(day, month) : birthday;
}

/**
 * The form's alert: the server's sentence for the whole form, unless its refusal already shows
 * under a field of this form (the sentence then repeats it with the field's code name).
 */
export function formAlert(
  formError: string | null,
  fieldErrors: Partial<Record<string, string>>,
  fields: readonly string[],
): string | null {
  return Object.keys(fieldErrors).some((key) => fields.includes(key)) ? null : formError;
}
