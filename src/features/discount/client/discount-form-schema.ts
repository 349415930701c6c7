import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@/shared/validation';
import { wording } from '@/client/forms/text-inputs';
import type { DiscountValue } from '@/shared/discounts/types';
import { ZDiscountConditions, ZDiscountInput, ZDiscountValue } from '../discount.schemas';
import { readDiscountForm, type DiscountFormValues } from './discount-form';
import { summaryText } from './discount-text';

/** The form's rule for zodResolver: the text read, then the module's own ZDiscountInput. */
export function discountFormSchema(currency: string, timeZone: string) {
  return z
    .custom<DiscountFormValues>()
    .transform((form, ctx) => {
      const { input, issues } = readDiscountForm(form, currency, timeZone);
      for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return issues.length ? z.NEVER : input;
    })
    .pipe(ZDiscountInput);
}

/** Where the module's rule words a refusal generically: the editor's own sentence. */
const DISCOUNT_FORM_WORDING: Record<string, string> = {
  'name:too_small': 'Donnez un nom à la réduction.',
  'conditions.customers.ids:too_small': 'Choisissez au moins un client.',
  'conditions.customers.tags:too_small': 'Indiquez au moins une étiquette.',
  'value.buy.quantity': 'Indiquez une quantité d’au moins 1.',
  'value.get.quantity': 'Indiquez une quantité d’au moins 1.',
  'conditions.minQuantity': 'Indiquez une quantité d’au moins 1.',
};

/** The editor's resolver: the rules above, with the editor's own wording. */
export function discountFormResolver(currency: string, timeZone: string) {
  return zodResolver(discountFormSchema(currency, timeZone), { error: wording(DISCOUNT_FORM_WORDING) });
}

/**
 * The one-line summary of what is typed, as far as it can be read (null while the value is not
 * complete): judged by the same rules as the form, so it is loaded with them.
 */
export function discountSummary(values: DiscountFormValues, currency: string, timeZone: string) {
  const { input } = readDiscountForm(values, currency, timeZone);
  const value = ZDiscountValue.safeParse(input.value);
  if (!value.success) return null;
  const conditions = ZDiscountConditions.safeParse(input.conditions);
  return summaryText(
    {
      value: value.data as DiscountValue,
      conditions: conditions.success ? (conditions.data as never) : null,
      limits: input.limits as { maxAmountPerOrder?: number | null },
      startsAt: input.startsAt as string | null,
      endsAt: input.endsAt as string | null,
    },
    currency,
    timeZone,
  );
}
