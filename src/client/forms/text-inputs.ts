import { z } from '@/shared/validation';
import { parseMoneyInput } from '@/shared/money';

/*
 * A form holds what was typed; the API takes numbers and nulls. Each helper reads the text and hands
 * the value to the server's own rule for the field, so the browser refuses what the server would, in
 * the server's words. (`z.preprocess` rather than `.pipe`: zod types a pipe as if the rule's input had
 * to fit the text's output, which refuses rules with a default.)
 */

/**
 * What a blank field hands the rule (`blank`, else undefined: the rule's own default), or that it may
 * not be blank (`required`: its refusal, also used for unreadable text).
 */
type Blank = { blank?: number | null; invalid?: string } | { required: string };

function readText<S extends z.core.SomeType>(
  rule: S,
  options: Blank,
  defaultInvalid: string,
  read: (text: string) => number | null,
) {
  return z.preprocess((text: string, ctx) => {
    const trimmed = text.trim();
    if (!trimmed && !('required' in options)) return 'blank' in options ? options.blank : undefined;
    const value = trimmed ? read(trimmed) : null;
    if (value !== null) return value;
    const message = 'required' in options ? options.required : (options.invalid ?? defaultInvalid);
    ctx.issues.push({ code: 'custom', message, input: text });
    return z.NEVER;
  }, rule);
}

/** An amount typed as « 12 500 » or « 12,50 », in the currency's minor unit. */
export function moneyText<S extends z.core.SomeType>(currency: string, rule: S, options: Blank = {}) {
  return readText(rule, options, 'Montant invalide.', (text) => parseMoneyInput(text, currency));
}

/** A whole number typed in a text field; its bounds are the rule's. */
export function integerText<S extends z.core.SomeType>(rule: S, options: Blank = {}) {
  return readText(rule, options, 'Nombre entier attendu.', (text) =>
    /^-?\d+$/.test(text) ? Number(text) : null,
  );
}

/** A blank text handed on as null (a code, a choice of none). */
export function textOrNull<S extends z.core.SomeType>(rule: S) {
  return z.preprocess((text: string) => text.trim() || null, rule);
}

/** A blank text left out of the body. */
export function textOrUndefined<S extends z.core.SomeType>(rule: S) {
  return z.preprocess((text: string) => text.trim() || undefined, rule);
}

/**
 * The shared rules word refusals generically (« La liste ne peut pas être vide. »); an editor keeps
 * its own, more telling sentence for a few fields. Keys are paths with `*` for a list position,
 * optionally `:code` to reword one kind of refusal only. For zodResolver's `error` option.
 */
export function wording(messages: Record<string, string>) {
  return (issue: { path?: PropertyKey[]; code?: string }): string | undefined => {
    const path = (issue.path ?? []).map((p) => (typeof p === 'number' ? '*' : String(p))).join('.');
    return messages[`${path}:${issue.code}`] ?? messages[path];
  };
}
