import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import { MAX_AMOUNT } from '@/shared/bounds';
import type { TZoneInput } from '../delivery.schemas';
import type { Zone } from './delivery.api';

/* The zone dialog's fields as typed, and what they send: amounts typed « 1 500 », read here. */

export interface ZoneDraft {
  name: string;
  fee: string;
  freeFrom: string;
  minOrder: string;
  delay: string;
  isActive: boolean;
  areas: Array<{ commune: string; quartier: string }>;
}

export const EMPTY_ZONE: ZoneDraft = {
  name: '',
  fee: '',
  freeFrom: '',
  minOrder: '',
  delay: '',
  isActive: true,
  areas: [{ commune: '', quartier: '' }],
};

export function zoneDraftOf(zone: Zone, currency: string): ZoneDraft {
  return {
    name: zone.name,
    fee: moneyInputValue(zone.fee, currency),
    freeFrom: zone.freeFrom === null ? '' : moneyInputValue(zone.freeFrom, currency),
    minOrder: zone.minOrder === null ? '' : moneyInputValue(zone.minOrder, currency),
    delay: zone.delay,
    isActive: zone.isActive,
    areas: zone.areas.map((a) => ({ ...a })),
  };
}

type Read = { input: TZoneInput; errors: null } | { input: null; errors: Record<string, string> };

/**
 * What the dialog sends, or the fields it cannot read (an amount in letters): the rest of the rules
 * (negative fee, a commune twice, one already in another zone) are the server's, in its words.
 * Rows left entirely blank are dropped.
 */
export function readZoneDraft(draft: ZoneDraft, currency: string): Read {
  const errors: Record<string, string> = {};
  const amount = (key: 'fee' | 'freeFrom' | 'minOrder', text: string) => {
    if (!text.trim()) return null;
    // « -500 » is read as a negative number for the server to refuse in its own words.
    const negative = /^\s*-/.test(text);
    const value = parseMoneyInput(text.replace(/^\s*-/, ''), currency);
    if (value === null) {
      errors[key] = 'Indiquez un montant, en chiffres.';
      return null;
    }
    return negative ? -value : Math.min(value, MAX_AMOUNT + 1);
  };
  const fee = amount('fee', draft.fee);
  if (!draft.fee.trim()) errors.fee = 'Indiquez les frais (0 pour une livraison gratuite).';
  const freeFrom = amount('freeFrom', draft.freeFrom);
  const minOrder = amount('minOrder', draft.minOrder);
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    input: {
      name: draft.name,
      fee: fee ?? 0,
      freeFrom,
      minOrder,
      delay: draft.delay,
      isActive: draft.isActive,
      areas: draft.areas.filter((a) => a.commune.trim() || a.quartier.trim()),
    },
    errors: null,
  };
}
