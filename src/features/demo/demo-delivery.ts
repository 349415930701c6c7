import type { Database } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { addStarterZones, createPickupPoint, createRider, createZone } from '@/features/delivery/server';

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
