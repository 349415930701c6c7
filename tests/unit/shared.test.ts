import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toE164 } from '@/shared/phone';
import { formatPhone } from '@/shared/phone-format';
import { formatMoney } from '@/shared/money';
import { formatDateTime } from '@/shared/dates';
import { frenchTypography } from '@/shared/typography';
import { describeDetails, issuesToDetails } from '@/shared/validation';
import { newId } from '@/server/ids';
import { compilePath } from '@/server/http/define-route';
import { slugify } from '@/shared/slug';
import { safeCallbackUrl } from '@/client/navigation';

describe('shared helpers', () => {
  it('stores phones as E.164 with the country as default', () => {
    expect(toE164('77 000 00 01')).toBe('+221770000001');
    expect(toE164('+225 07 07 07 07 07')).toBe('+2250707070707');
    expect(toE164('07 07 07 07 07', 'CI')).toBe('+2250707070707');
    expect(toE164('12')).toBeNull();
    expect(formatPhone('+221770000001')).toBe('+221 77 000 00 01');
  });

  it('shows money in the minor unit of its currency', () => {
    expect(formatMoney(12_500, 'XOF')).toBe('12\u202f500\u202fFCFA');
    expect(formatMoney(1234, 'EUR')).toBe('12,34\u202f€');
  });

  it('shows dates as DD-MM-YYYY, HH:mm in the shop time zone', () => {
    expect(formatDateTime('2026-11-21T09:05:00Z', 'Africa/Dakar')).toBe('21-11-2026, 09:05');
    expect(formatDateTime('2026-11-21T09:05:00Z', 'Africa/Douala')).toBe('21-11-2026, 10:05');
  });

  it('applies French typography', () => {
    expect(frenchTypography('Téléphone : invalide ? Oui ! « ok »')).toBe(
      'Téléphone\u00a0: invalide\u202f? Oui\u202f! «\u00a0ok\u00a0»',
    );
  });

  it('turns zod errors into French per-field details and one sentence naming the field', () => {
    const schema = z.object({ phone: z.string().min(1), shopName: z.string().min(2) });
    const parsed = schema.safeParse({ shopName: 'a' });
    const details = issuesToDetails(parsed.error!);
    expect(details).toEqual({ phone: 'Ce champ est obligatoire.', shopName: 'Au moins 2 caractères.' });
    expect(describeDetails(details)).toBe('Téléphone : ce champ est obligatoire.');
  });

  it('makes ids that sort by creation time', () => {
    const a = newId(1_700_000_000_000);
    const b = newId(1_700_000_000_001);
    expect(a).toHaveLength(20);
    expect(a < b).toBe(true);
  });

  it('keeps ids made within one millisecond in the order they were made', () => {
    const now = Date.now() + 60_000;
    const burst = Array.from({ length: 2000 }, () => newId(now));
    expect(new Set(burst).size).toBe(2000);
    expect([...burst].sort()).toEqual(burst);
    expect(newId(now + 1) > burst[burst.length - 1]!).toBe(true);
  });

  it('matches API paths with parameters', () => {
    const match = compilePath('/api/agent/getAllAgents/{shopId}');
    expect(match('/api/agent/getAllAgents/abc')).toEqual({ shopId: 'abc' });
    expect(match('/api/agent/getAllAgents/')).toBeNull();
    expect(match('/api/agent/getAllAgents/a/b')).toBeNull();
  });

  it('makes slugs without accents', () => {
    expect(slugify('Épicerie Chez Fatou & Fils', 'boutique')).toBe('epicerie-chez-fatou-fils');
    expect(slugify('!!!', 'boutique')).toBe('boutique');
  });

  it('follows only same-site callback URLs', () => {
    expect(safeCallbackUrl('/mes-commandes?shopId=1')).toBe('/mes-commandes?shopId=1');
    expect(safeCallbackUrl('//evil.example')).toBe('/');
    expect(safeCallbackUrl('https://evil.example')).toBe('/');
  });
});

describe('www redirect', () => {
  it('sends www hosts to the pro host, path and query kept', async () => {
    const { wwwRedirectLocation } = await import('@/server/http/www-redirect');
    expect(wwwRedirectLocation('www.comptoir.sn', '/login?x=1', undefined)).toBe(
      'https://pro.comptoir.sn/login?x=1',
    );
    expect(wwwRedirectLocation('WWW.localhost:3100', '/a', 'http://localhost:3100/')).toBe(
      'http://localhost:3100/a',
    );
    expect(wwwRedirectLocation('pro.comptoir.sn', '/', undefined)).toBeNull();
    expect(wwwRedirectLocation(undefined, '/', undefined)).toBeNull();
  });
});
