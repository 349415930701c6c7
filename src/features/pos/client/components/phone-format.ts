/**
 * « +221 77 000 00 01 » without libphonenumber (the till's first load spares its metadata):
 * nine-digit numbers as Senegal writes them (2-3-2-2), others in pairs.
 */
export function formatPhone(e164: string): string {
  const match = /^\+(2\d\d)(\d{8,10})$/.exec(e164);
  if (!match) return e164;
  const [, country, rest] = match as unknown as [string, string, string];
  const groups =
    rest.length === 9
      ? [rest.slice(0, 2), rest.slice(2, 5), rest.slice(5, 7), rest.slice(7)]
      : (rest.match(/.{1,2}/g) ?? []);
  return [`+${country}`, ...groups].join(' ');
}

/** Digits only, to compare a typed phone with stored ones whatever their spacing. */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}
