import {
  ZCustomer,
  type ConsentSource,
  type TClientDetail,
  type TClientSummary,
  type TCustomer,
} from '../customer.schemas';

export { ZCustomer };
import type { CustomerRow } from './customers';
import type { ClientListRow } from './client-list';

export function toCustomerDto(row: CustomerRow): TCustomer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    addresses: row.addresses,
    createdAt: row.createdAt.toISOString(),
  };
}

const consentOf = (at: Date | null, source: string | null) =>
  at ? { at: at.toISOString(), source: (source ?? 'agent') as ConsentSource } : null;

export function toClientSummary(row: ClientListRow): TClientSummary {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    commune: row.commune,
    tags: row.tags,
    ordersCount: row.ordersCount,
    totalSpent: row.totalSpent,
    lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
    balance: row.balance,
    storeCredit: row.storeCredit,
  };
}

export function toClientDetail(row: CustomerRow): TClientDetail {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    ...toClientSummary(row),
    firstName: row.firstName,
    lastName: row.lastName,
    phone2: row.phone2,
    whatsapp: row.whatsapp,
    quartier: row.quartier,
    landmark: row.landmark,
    gps: row.gpsLat !== null && row.gpsLng !== null ? { lat: row.gpsLat, lng: row.gpsLng } : null,
    birthday:
      row.birthdayDay && row.birthdayMonth ? `${pad(row.birthdayDay)}-${pad(row.birthdayMonth)}` : null,
    notes: row.notes,
    consentSms: consentOf(row.consentSmsAt, row.consentSmsSource),
    consentWhatsapp: consentOf(row.consentWhatsappAt, row.consentWhatsappSource),
    creditLimit: row.creditLimit,
    figures: {
      ordersCount: row.ordersCount,
      totalSpent: row.totalSpent,
      averageBasket: row.ordersCount ? Math.round(row.totalSpent / row.ordersCount) : 0,
      firstOrderAt: row.firstOrderAt?.toISOString() ?? null,
      lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
      refundsTotal: row.refundsTotal,
      returnedCount: row.returnedCount,
      firstChannel: row.firstChannel,
    },
    createdAt: row.createdAt.toISOString(),
  };
}
