import type { Database } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { findRecentOrdersWithAddress } from '@/features/order/server/delivery-facts';
import {
  addStarterZones,
  assignOrder,
  closePastDays,
  createPickupPoint,
  createRider,
  createRiderLink,
  createZone,
  listRiders,
  recordPastDelivery,
  recordPastRemittance,
  shopDay,
} from '@/features/delivery/server';
import { riderDays } from '@/features/delivery/server/ledger';
import { updateDeliverySettings } from '@/features/delivery/server/settings';
import { reportDelivery } from '@/features/delivery/server/report';
import { COLLECT_METHODS, type CollectMethod } from '@/features/delivery/outcomes';

/**
 * Boutique Awa delivers Dakar: the starter zones of Dakar, the Almadies priced apart (a quartier of
 * Ngor, free for large orders), the northern suburbs with a minimum order, the shop itself as a
 * pickup point, and its riders. The history's orders are charged these fees.
 */
export async function seedDemoDelivery(db: Database, shop: ShopRow): Promise<void> {
  const shopId = shop.id;
  await addStarterZones(db, shopId, 'dakar');
  await createZone(db, shopId, {
    name: 'Almadies',
    fee: 2000,
    freeFrom: 50_000,
    minOrder: null,
    delay: 'le jour même',
    isActive: true,
    areas: [
      { commune: 'Ngor', quartier: 'Almadies' },
      { commune: 'Ngor', quartier: 'Virage' },
    ],
  });
  await createZone(db, shopId, {
    name: 'Banlieue nord',
    fee: 2500,
    freeFrom: null,
    minOrder: 5_000,
    delay: 'sous 24 h',
    isActive: true,
    areas: [
      { commune: 'Pikine Nord', quartier: '' },
      { commune: 'Golf Sud', quartier: '' },
      { commune: 'Malika', quartier: '' },
    ],
  });
  // Beyond its zones, a client who sends their position pays by the distance from the shop.
  await updateDeliverySettings(db, shopId, {
    originPosition: '14.670800,-17.438100',
    distanceTiers: [
      { upToKm: 15, fee: 3000 },
      { upToKm: 30, fee: 5000 },
    ],
  });
  await createPickupPoint(db, shopId, {
    name: 'Boutique Awa — Plateau',
    address: '12, rue Carnot, Dakar Plateau',
    hours: 'Lun.–sam., 9 h – 19 h 30',
    isActive: true,
  });
  const riders = [
    {
      name: 'Moussa Ndiaye',
      phone: '+221769020011',
      vehicle: 'moto',
      kind: 'staff',
      notes: 'Plateau, Médina, Fann.',
    },
    {
      name: 'Aliou Ba',
      phone: '+221769020022',
      vehicle: 'moto',
      kind: 'freelance',
      notes: 'Banlieue, après 14 h.',
    },
    { name: 'Khadija Sow', phone: '+221769020033', vehicle: 'velo', kind: 'staff', notes: '' },
    {
      name: 'Ibou Diop',
      phone: '+221769020044',
      vehicle: 'voiture',
      kind: 'freelance',
      notes: 'Gros colis.',
    },
  ] as const;
  for (const rider of riders) await createRider(db, shop, { ...rider, carrier: 'manual', isActive: true });
}

const HOUR = 3_600_000;

/**
 * The riders' last three weeks, from the history's orders with an address: the delivered ones
 * carried and paid at the door (cash, or mobile money straight to the shop), a few after a first
 * attempt with the client absent; the ones « En livraison » out with a rider now (today, one came
 * back delivered, one found nobody home). Each past day's cash was handed over and the day
 * closed, but Aliou kept 2 000 FCFA on his last day: his ledger shows it.
 */
export async function seedDemoRuns(db: Database, shop: ShopRow, ownerUserId: string): Promise<void> {
  const riders = (await listRiders(db, shop.id)).filter((r) => r.isActive);
  // The shop's two own riders and its usual freelancer; Ibou (a car) only takes big parcels.
  const carriers = ['Moussa', 'Aliou', 'Khadija'].map((first) =>
    riders.find((r) => r.name.startsWith(first))!,
  );
  const since = new Date(Date.now() - 21 * 24 * HOUR);
  const recent = await findRecentOrdersWithAddress(db, shop.id, since);
  const today = shopDay(shop.timeZone);
  let outToday = 0;
  for (const [i, order] of recent.entries()) {
    const rider = carriers[i % carriers.length]!;
    if (order.status === 'shipping') {
      const out = await assignOrder(
        db,
        shop.id,
        ownerUserId,
        { orderId: order.id, riderId: rider.id },
        { notify: false },
      );
      // Today's first run came back delivered and paid in cash, the second found nobody home.
      const report =
        outToday === 0
          ? ({ outcome: 'delivered', code: out.proofCode ?? '', method: 'cash', reason: '' } as const)
          : outToday === 1
            ? ({
                outcome: 'absent',
                code: '',
                method: 'cash',
                reason: 'Injoignable, rappeler après 18 h',
              } as const)
            : null;
      if (report) await reportDelivery(db, shop, out.id, report, { kind: 'rider', riderId: rider.id });
      outToday += 1;
      continue;
    }
    const out = new Date(order.createdAt.getTime() + 2 * HOUR);
    const closedAt = new Date(Math.min(out.getTime() + 2 * HOUR, Date.now() - HOUR));
    if (i % 5 === 2)
      await recordPastDelivery(db, shop.id, {
        orderId: order.id,
        riderId: rider.id,
        amountDue: order.total,
        outcome: 'absent',
        collected: null,
        reason: 'Ne répond pas au téléphone',
        assignedAt: new Date(out.getTime() - HOUR),
        closedAt: new Date(out.getTime() - HOUR / 2),
      });
    const method = order.paidBy;
    const paidAtDoor = order.paidAmount >= order.total;
    await recordPastDelivery(db, shop.id, {
      orderId: order.id,
      riderId: rider.id,
      amountDue: order.total,
      outcome: 'delivered',
      collected: paidAtDoor
        ? {
            amount: order.total,
            method:
              method && (COLLECT_METHODS as readonly string[]).includes(method)
                ? (method as CollectMethod)
                : 'cash',
          }
        : null,
      reason: paidAtDoor ? '' : 'Revendeur : paie sur son ardoise',
      assignedAt: out,
      closedAt,
    });
  }
  // Each past day's cash handed over in the evening; Aliou kept 2 000 FCFA yesterday.
  for (const rider of carriers) {
    const days = await riderDays(db, shop, rider.id, 30);
    for (const day of days) {
      if (day.day >= today || day.cashCollected === 0) continue;
      const short =
        rider.name.startsWith('Aliou') && day === days.find((d) => d.day < today && d.cashCollected >= 2_000);
      await recordPastRemittance(db, shop.id, {
        riderId: rider.id,
        amount: day.cashCollected - (short ? 2_000 : 0),
        at: new Date(`${day.day}T19:30:00Z`),
        note: short ? 'Il manque 2 000 : rend demain' : '',
      });
    }
    await closePastDays(db, shop, rider.id, today);
  }
  await createRiderLink(db, shop.id, (riders.find((r) => r.name.startsWith('Moussa')) ?? riders[0]!).id);
}
