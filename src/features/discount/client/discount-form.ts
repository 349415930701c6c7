import { zonedParts } from '@/shared/dates';
import { zonedInstant } from '@/shared/wall-clock';
import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import type {
  DiscountConditions,
  DiscountLimits,
  DiscountValue,
  ProductSelection,
  SalesChannel,
} from '@/shared/discounts/types';
import type { TDiscount, TDiscountInput } from '../discount.schemas';
import { CHANNELS } from './discount-text';

/*
 * The Réductions editor's form. Its fields are named by the body's own paths (`value.reduction.
 * percentage`, `conditions.minSubtotal`, `endsAt`…), so that a refusal, the browser's or the
 * server's 422, lands under the field that caused it. The text typed is read into the body, which
 * is then checked by the module's own `ZDiscountInput` (./discount-form-schema.ts, loaded when the
 * form is first used): the browser refuses what the server would, in the server's words.
 */

export interface PickedItem {
  type: 'product' | 'variant' | 'category';
  id: string;
  /** What the chip shows; '' until it is known (a saved discount names only ids). */
  label: string;
}

export interface SelectionValues {
  all: boolean;
  items: PickedItem[];
}

export interface PickedClient {
  id: string;
  name: string;
}

export type ValueTarget = DiscountValue['target'];

export interface DiscountFormValues {
  kind: 'code' | 'automatic';
  name: string;
  code: string;
  value: {
    target: ValueTarget;
    reduction: { type: 'percentage' | 'amount'; percentage: string; amount: string };
    products: SelectionValues;
    amountPer: 'unit' | 'order';
    buy: { quantity: string; products: SelectionValues };
    get: { quantity: string; products: SelectionValues; percentage: string };
    repeats: boolean;
  };
  conditions: {
    minSubtotal: string;
    minQuantity: string;
    customers: { type: 'all' | 'ids' | 'tags' | 'first-order'; ids: PickedClient[]; tags: string };
    channels: SalesChannel[];
    weekdays: number[];
    hours: { from: string; to: string };
  };
  limits: { totalUses: string; usesPerClient: string; maxAmountPerOrder: string };
  combinesWith: { order: boolean; product: boolean; delivery: boolean };
  /** `datetime-local` text, in the shop's time zone. */
  startsAt: string;
  endsAt: string;
}

const emptySelection = (): SelectionValues => ({ all: false, items: [] });

export function emptyDiscountForm(): DiscountFormValues {
  return {
    kind: 'code',
    name: '',
    code: '',
    value: {
      target: 'order',
      reduction: { type: 'percentage', percentage: '', amount: '' },
      products: emptySelection(),
      amountPer: 'unit',
      buy: { quantity: '2', products: emptySelection() },
      get: { quantity: '1', products: emptySelection(), percentage: '100' },
      repeats: true,
    },
    conditions: {
      minSubtotal: '',
      minQuantity: '',
      customers: { type: 'all', ids: [], tags: '' },
      channels: [...CHANNELS],
      weekdays: [],
      hours: { from: '', to: '' },
    },
    limits: { totalUses: '', usesPerClient: '', maxAmountPerOrder: '' },
    combinesWith: { order: false, product: false, delivery: false },
    startsAt: '',
    endsAt: '',
  };
}

/** An instant as a `datetime-local` field shows it in the shop's zone. */
export function localInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const p = zonedParts(iso, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A `datetime-local` text read in the shop's zone; null when blank, undefined when unreadable. */
export function instantOf(text: string, timeZone: string): string | null | undefined {
  if (!text.trim()) return null;
  return zonedInstant(text.trim(), timeZone)?.toISOString();
}

function selectionValues(
  selection: ProductSelection | undefined,
  labels: Map<string, string>,
): SelectionValues {
  const item = (type: PickedItem['type']) => (id: string) => ({ type, id, label: labels.get(id) ?? '' });
  return {
    all: !!selection?.all,
    items: [
      ...(selection?.categoryIds ?? []).map(item('category')),
      ...(selection?.productIds ?? []).map(item('product')),
      ...(selection?.variantIds ?? []).map(item('variant')),
    ],
  };
}

function selectionOf(values: SelectionValues): ProductSelection {
  const ids = (type: PickedItem['type']) => values.items.filter((i) => i.type === type).map((i) => i.id);
  if (values.all) return { all: true };
  return { productIds: ids('product'), variantIds: ids('variant'), categoryIds: ids('category') };
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const percentInput = (n: number) => String(n).replace('.', ',');

/** A saved discount in the form; `labels` names the products, variants and categories already known. */
export function formFromDiscount(
  discount: TDiscount,
  currency: string,
  timeZone: string,
  labels: Map<string, string> = new Map(),
): DiscountFormValues {
  const form = emptyDiscountForm();
  const value = discount.value as DiscountValue;
  const conditions = (discount.conditions ?? {}) as DiscountConditions;
  const limits = (discount.limits ?? {}) as DiscountLimits;
  const combines = (discount.combinesWith ?? {}) as Partial<
    Record<'order' | 'product' | 'delivery', boolean>
  >;
  form.kind = discount.kind;
  form.name = discount.name;
  form.code = discount.code ?? '';
  form.value.target = value.target;
  if (value.target === 'order' || value.target === 'products') {
    form.value.reduction =
      value.reduction.type === 'percentage'
        ? { type: 'percentage', percentage: percentInput(value.reduction.percentage), amount: '' }
        : { type: 'amount', percentage: '', amount: moneyInputValue(value.reduction.amount, currency) };
  }
  if (value.target === 'products') {
    form.value.products = selectionValues(value.products, labels);
    form.value.amountPer = value.amountPer ?? 'unit';
  }
  if (value.target === 'buy-x-get-y') {
    form.value.buy = {
      quantity: String(value.buy.quantity),
      products: selectionValues(value.buy.products, labels),
    };
    form.value.get = {
      quantity: String(value.get.quantity),
      products: selectionValues(value.get.products, labels),
      percentage: percentInput(value.get.percentage),
    };
    form.value.repeats = value.repeats;
  }
  const customers = conditions.customers ?? { type: 'all' };
  form.conditions = {
    minSubtotal: moneyInputValue(conditions.minSubtotal, currency),
    minQuantity: text(conditions.minQuantity),
    customers: {
      type: customers.type,
      ids: customers.type === 'ids' ? customers.ids.map((id) => ({ id, name: labels.get(id) ?? '' })) : [],
      tags: customers.type === 'tags' ? customers.tags.join(', ') : '',
    },
    channels: conditions.channels?.length ? [...conditions.channels] : [...CHANNELS],
    weekdays: [...(conditions.weekdays ?? [])],
    hours: conditions.hours ?? { from: '', to: '' },
  };
  form.limits = {
    totalUses: text(limits.totalUses),
    usesPerClient: text(limits.usesPerClient),
    maxAmountPerOrder: moneyInputValue(limits.maxAmountPerOrder, currency),
  };
  form.combinesWith = { order: !!combines.order, product: !!combines.product, delivery: !!combines.delivery };
  form.startsAt = localInput(discount.startsAt, timeZone);
  form.endsAt = localInput(discount.endsAt, timeZone);
  return form;
}

type Issue = { path: string[]; message: string };

/**
 * The body the form stands for, with the text read: numbers that cannot be read are issues at
 * their field (the body's own rules then judge the rest). `draft` is the button pressed.
 */
export function readDiscountForm(
  form: DiscountFormValues,
  currency: string,
  timeZone: string,
): { input: Record<string, unknown>; issues: Issue[] } {
  const issues: Issue[] = [];
  const read = <T>(path: string, raw: string, parse: (t: string) => T | null, message: string) => {
    const trimmed = raw.trim();
    if (!trimmed) return undefined;
    const value = parse(trimmed);
    if (value === null) issues.push({ path: path.split('.'), message });
    return value ?? undefined;
  };
  const money = (path: string, raw: string) =>
    read(path, raw, (t) => parseMoneyInput(t, currency), 'Montant invalide.');
  const integer = (path: string, raw: string) =>
    read(path, raw, (t) => (/^\d+$/.test(t) ? Number(t) : null), 'Nombre entier attendu.');
  const percent = (path: string, raw: string) =>
    read(
      path,
      raw,
      (t) => {
        const cleaned = t.replace(/[\s\u202f\u00a0%]/g, '').replace(',', '.');
        return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : null;
      },
      'Indiquez un pourcentage.',
    );

  const v = form.value;
  const reduction = () =>
    v.reduction.type === 'percentage'
      ? { type: 'percentage', percentage: percent('value.reduction.percentage', v.reduction.percentage) }
      : { type: 'amount', amount: money('value.reduction.amount', v.reduction.amount) };
  let value: Record<string, unknown>;
  switch (v.target) {
    case 'order':
      value = { target: 'order', reduction: reduction() };
      break;
    case 'products':
      value = {
        target: 'products',
        products: selectionOf(v.products),
        reduction: reduction(),
        ...(v.reduction.type === 'amount' ? { amountPer: v.amountPer } : {}),
      };
      break;
    case 'delivery':
      value = { target: 'delivery' };
      break;
    case 'buy-x-get-y':
      value = {
        target: 'buy-x-get-y',
        buy: {
          quantity: integer('value.buy.quantity', v.buy.quantity),
          products: selectionOf(v.buy.products),
        },
        get: {
          quantity: integer('value.get.quantity', v.get.quantity),
          products: selectionOf(v.get.products),
          percentage: percent('value.get.percentage', v.get.percentage),
        },
        repeats: v.repeats,
      };
      break;
  }

  const c = form.conditions;
  const customers =
    c.customers.type === 'ids'
      ? { type: 'ids', ids: c.customers.ids.map((client) => client.id) }
      : c.customers.type === 'tags'
        ? {
            type: 'tags',
            tags: c.customers.tags
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          }
        : c.customers.type === 'first-order'
          ? { type: 'first-order' }
          : null;
  if (c.channels.length === 0)
    issues.push({ path: ['conditions', 'channels'], message: 'Choisissez au moins un canal de vente.' });
  const hasHours = !!(c.hours.from.trim() || c.hours.to.trim());
  if (hasHours && !c.hours.from.trim())
    issues.push({ path: ['conditions', 'hours', 'from'], message: 'Indiquez l’heure de début.' });
  if (hasHours && !c.hours.to.trim())
    issues.push({ path: ['conditions', 'hours', 'to'], message: 'Indiquez l’heure de fin.' });
  const conditions = {
    minSubtotal: money('conditions.minSubtotal', c.minSubtotal) ?? null,
    minQuantity: integer('conditions.minQuantity', c.minQuantity) ?? null,
    customers,
    // Every channel ticked is « every channel », which also covers the ones to come.
    channels: c.channels.length === CHANNELS.length ? null : CHANNELS.filter((ch) => c.channels.includes(ch)),
    weekdays: c.weekdays.length === 0 || c.weekdays.length === 7 ? null : [...c.weekdays].sort(),
    hours: hasHours ? { from: c.hours.from.trim(), to: c.hours.to.trim() } : null,
  };
  const limits = {
    totalUses: integer('limits.totalUses', form.limits.totalUses) ?? null,
    usesPerClient: integer('limits.usesPerClient', form.limits.usesPerClient) ?? null,
    maxAmountPerOrder: money('limits.maxAmountPerOrder', form.limits.maxAmountPerOrder) ?? null,
  };
  const instant = (path: 'startsAt' | 'endsAt') => {
    const at = instantOf(form[path], timeZone);
    if (at === undefined) issues.push({ path: [path], message: 'Date invalide.' });
    return at ?? null;
  };
  const code = form.kind === 'code' ? form.code.trim() : '';
  return {
    input: {
      name: form.name,
      kind: form.kind,
      ...(code ? { code } : {}),
      value,
      conditions,
      limits,
      combinesWith: form.combinesWith,
      startsAt: instant('startsAt'),
      endsAt: instant('endsAt'),
    },
    issues,
  };
}

export type DiscountFormOutput = TDiscountInput;
