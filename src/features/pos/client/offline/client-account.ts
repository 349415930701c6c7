import { openPosDb } from './db';
import type { LocalSale, StoredClient } from './types';

/** What a client owes, may owe (null: no limit) and holds as « avoir » and loyalty points. */
export interface ClientAccount {
  balance: number;
  creditLimit: number | null;
  storeCredit: number;
  loyaltyPoints: number;
}

type ClientRef = { id: string | null; opId: string | null };

function isSameClient(sale: LocalSale, client: ClientRef): boolean {
  if (!sale.client) return false;
  return client.id ? sale.client.id === client.id : !!client.opId && sale.client.opId === client.opId;
}

/**
 * The account as the tablet can tell it: `known` (the server's answer online, else the tablet's
 * copy) moved by this tablet's sales it does not include — what they left owed and the « avoir »
 * they spent: those the server has not received yet, and for the copy, those made since it was
 * read (`copiedAt`). Sales of other tablets not synced yet are the server's to judge. Points a
 * sale earns count only once the server has them: a till spends no points it is not sure of.
 */
export function accountAfterPending(
  known: ClientAccount,
  sales: readonly LocalSale[],
  client: ClientRef,
  copiedAt: string | null = null,
): ClientAccount {
  let { balance, storeCredit, loyaltyPoints } = known;
  for (const sale of sales) {
    const isCounted =
      sale.status === 'pending' || (sale.status === 'applied' && copiedAt !== null && sale.at > copiedAt);
    if (!isCounted || !isSameClient(sale, client)) continue;
    balance += sale.isCredit ? sale.due : 0;
    storeCredit -= sale.payments.reduce((n, p) => n + (p.method === 'store_credit' ? p.amount : 0), 0);
    loyaltyPoints -= sale.loyalty?.spent ?? 0;
  }
  return {
    balance,
    creditLimit: known.creditLimit,
    storeCredit: Math.max(0, storeCredit),
    loyaltyPoints: Math.max(0, loyaltyPoints),
  };
}

export function accountOfCopy(copy: StoredClient | undefined): ClientAccount {
  return {
    balance: copy?.balance ?? 0,
    creditLimit: copy?.creditLimit ?? null,
    storeCredit: copy?.storeCredit ?? 0,
    loyaltyPoints: copy?.loyaltyPoints ?? 0,
  };
}

/** The tablet's copy of the client and its sales to them, read once when taking a payment. */
export async function readClientOnTablet(
  shopId: string,
  client: ClientRef,
): Promise<{ copy: StoredClient | undefined; sales: LocalSale[] }> {
  const db = await openPosDb();
  const key = `${shopId}:${client.id ?? client.opId}`;
  const copy = await db.get('clients', key);
  const range = IDBKeyRange.bound([shopId, ''], [shopId, '\uffff']);
  const sales = (await db.getAllFromIndex('sales', 'shopAt', range)).filter(
    (s) => s.status !== 'rejected' && isSameClient(s, client),
  );
  return { copy, sales };
}
