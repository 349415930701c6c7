import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  clientListParams,
  filtersFromQuery,
  filtersToQuery,
  listHref,
  listShown,
} from '@/features/customer/client/client-filters';
import {
  birthdayText,
  formAlert,
  formFromClient,
  readBirthday,
  readClientForm,
  readTags,
} from '@/features/customer/client/client-form';
import { eventTitle } from '@/features/customer/client/client-text';
import {
  ZClientListQuery,
  ZUpdateClientBody,
  type TClientDetail,
} from '@/features/customer/customer.schemas';

const SHOP = '507f1f77bcf86cd799439011';
const CLIENT = '507f1f77bcf86cd799439012';

function client(patch: Partial<TClientDetail> = {}): TClientDetail {
  return {
    id: CLIENT,
    name: 'Awa Diop',
    firstName: 'Awa',
    lastName: 'Diop',
    phone: '+221769010001',
    phone2: null,
    whatsapp: true,
    email: null,
    commune: 'Plateau',
    quartier: 'Médina',
    landmark: '',
    gps: null,
    birthday: '05-03',
    notes: '',
    tags: ['fidèle'],
    ordersCount: 3,
    totalSpent: 45000,
    lastOrderAt: '2026-11-20T10:00:00.000Z',
    balance: 12000,
    storeCredit: 0,
    consentSms: null,
    consentWhatsapp: null,
    creditLimit: 50000,
    figures: {
      ordersCount: 3,
      totalSpent: 45000,
      averageBasket: 15000,
      firstOrderAt: '2026-01-02T10:00:00.000Z',
      lastOrderAt: '2026-11-20T10:00:00.000Z',
      refundsTotal: 0,
      returnedCount: 0,
      firstChannel: 'pos',
    },
    createdAt: '2026-01-02T10:00:00.000Z',
    ...patch,
  };
}

describe('the list filter in the address bar and the API query', () => {
  it('reads a full filter back as it was written', () => {
    const filters = {
      search: '76 901 00 01',
      tag: 'fidèle',
      commune: 'Plateau',
      firstChannel: 'whatsapp',
      hasBalance: 'true' as const,
      lastOrderFrom: '2026-01-01',
      lastOrderTo: '2026-11-30',
      spentMin: '10000',
      spentMax: '500000',
      consent: 'sms' as const,
      sort: 'totalSpent' as const,
    };
    expect(filtersFromQuery(filtersToQuery(filters))).toEqual(filters);
  });

  it('drops what the API would refuse and the default sort', () => {
    expect(
      filtersFromQuery({
        shopId: SHOP,
        hasBalance: 'false',
        lastOrderFrom: '20-11-2026',
        spentMin: '10 000',
        spentMax: '-5',
        consent: 'email',
        sort: 'lastOrder',
        tag: ['vip', 'autre'],
        commune: '   ',
      }),
    ).toEqual({ tag: 'vip' });
    expect(filtersFromQuery({ sort: 'whatever' })).toEqual({});
  });

  it('makes query params the contract accepts, empty values left out', () => {
    const params = clientListParams(SHOP, {
      search: '  77 123 45 67 ',
      tag: '',
      hasBalance: 'true',
      spentMin: '5000',
      sort: 'name',
    });
    expect(params).toEqual({
      shopId: SHOP,
      search: '77 123 45 67',
      hasBalance: 'true',
      spentMin: '5000',
      sort: 'name',
    });
    const parsed = ZClientListQuery.parse(params);
    expect(parsed).toMatchObject({ hasBalance: true, spentMin: 5000, sort: 'name', search: '77 123 45 67' });
  });

  it('counts the filters besides the search and the sort', () => {
    expect(activeFilterCount({ search: 'awa', sort: 'name' })).toBe(0);
    expect(activeFilterCount({ tag: 'vip', hasBalance: 'true', commune: ' ' })).toBe(2);
  });
});

describe('the birthday typed as day and month', () => {
  it('accepts the usual ways of writing it', () => {
    expect(readBirthday('05-03')).toBe('05-03');
    expect(readBirthday('5-3')).toBe('05-03');
    expect(readBirthday('5/3')).toBe('05-03');
    expect(readBirthday(' 29.02 ')).toBe('29-02');
    expect(readBirthday('1 12')).toBe('01-12');
    expect(readBirthday('')).toBeNull();
  });

  it('leaves anything else for the server to refuse in its own words', () => {
    expect(readBirthday('mars')).toBe('mars');
    const body = { shopId: SHOP, clientId: CLIENT, birthday: readBirthday('31/02') };
    const result = ZUpdateClientBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Cette date d’anniversaire n’existe pas.');
  });

  it('is shown in words', () => {
    expect(birthdayText('05-03')).toBe('5 mars');
    expect(birthdayText('01-08')).toBe('1er août');
    expect(birthdayText(null)).toBeNull();
  });
});

describe('the profile form sends only what changed', () => {
  it('sends nothing when nothing changed', () => {
    const initial = formFromClient(client(), 'XOF');
    expect(initial.creditLimit).toBe('50000');
    expect(initial.phone).toBe('+221 76 901 00 01');
    expect(initial.tags).toBe('fidèle');
    expect(readClientForm(initial, { ...initial, tags: ' fidèle ,' }, 'XOF')).toEqual({
      ok: true,
      changes: {},
    });
  });

  it('sends each changed field in the body’s shape', () => {
    const initial = formFromClient(client(), 'XOF');
    const read = readClientForm(
      initial,
      {
        ...initial,
        firstName: ' Awa Khady ',
        phone2: '77 123 45 67',
        whatsapp: false,
        email: 'awa@example.sn',
        birthday: '6/3',
        tags: 'fidèle, grossiste, Fidèle',
        creditLimit: '75 000',
        notes: 'Paie le vendredi',
      },
      'XOF',
    );
    expect(read).toEqual({
      ok: true,
      changes: {
        firstName: 'Awa Khady',
        phone2: '77 123 45 67',
        whatsapp: false,
        email: 'awa@example.sn',
        birthday: '06-03',
        tags: ['fidèle', 'grossiste'],
        creditLimit: 75000,
        notes: 'Paie le vendredi',
      },
    });
    if (read.ok)
      expect(ZUpdateClientBody.safeParse({ shopId: SHOP, clientId: CLIENT, ...read.changes }).success).toBe(
        true,
      );
  });

  it('clears with null what can be emptied', () => {
    const initial = formFromClient(client({ phone2: '+221770000001', email: 'a@b.sn' }), 'XOF');
    const read = readClientForm(
      initial,
      { ...initial, phone2: '', email: ' ', birthday: '', creditLimit: '', tags: '' },
      'XOF',
    );
    expect(read).toEqual({
      ok: true,
      changes: { phone2: null, email: null, birthday: null, creditLimit: null, tags: [] },
    });
  });

  it('refuses a credit limit that is not an amount, under its field', () => {
    const initial = formFromClient(client({ creditLimit: null }), 'XOF');
    expect(initial.creditLimit).toBe('');
    expect(readClientForm(initial, { ...initial, creditLimit: 'beaucoup' }, 'XOF')).toEqual({
      ok: false,
      errors: { creditLimit: 'Indiquez un montant, ou laissez vide pour aucun plafond.' },
    });
  });

  it('reads tags without empties or repeats', () => {
    expect(readTags('vip, , VIP,grossiste ,')).toEqual(['vip', 'grossiste']);
  });
});

describe('the history’s lines', () => {
  const base = { id: 'e', at: '2026-11-20T10:00:00.000Z', orderId: 'o', orderNumber: 12, amount: 5000 };
  it('names the channel of an order and the method of a payment', () => {
    expect(eventTitle({ ...base, type: 'order', detail: 'whatsapp' })).toBe('Commande #12 · WhatsApp');
    expect(eventTitle({ ...base, type: 'payment', detail: 'orange_money' })).toBe('Paiement · Orange Money');
    expect(eventTitle({ ...base, type: 'refund', detail: null })).toBe('Remboursement');
  });
});

describe('the way back to the list', () => {
  it('opens the list as it was last shown', () => {
    expect(listHref(SHOP)).toBe(`/mes-clients?shopId=${SHOP}`);
    listShown({ search: '76 901 00 37', hasBalance: 'true' });
    expect(listHref(SHOP)).toBe(`/mes-clients?shopId=${SHOP}&search=76+901+00+37&hasBalance=true`);
  });
});

describe('the form’s alert', () => {
  it('is left out when the refusal shows under a field of the form', () => {
    const sentence = 'birthday : cette date d’anniversaire n’existe pas.';
    expect(
      formAlert(sentence, { birthday: 'Cette date d’anniversaire n’existe pas.' }, ['birthday']),
    ).toBeNull();
    expect(formAlert(sentence, { gps: 'Hors limites.' }, ['birthday'])).toBe(sentence);
    expect(formAlert('Ce client n’existe pas.', {}, ['birthday'])).toBe('Ce client n’existe pas.');
  });
});
