import type { Database } from '@/server/db';
import type { AgentRole } from '@/shared/roles';
import { getUserByPhone, insertUser } from '@/features/user/server/user.repository';
import { insertAgent } from '@/features/agent/server/agent.repository';
import { seedDemoCatalogue } from '@/features/product/server/demo-catalogue';
import { findShopBySlug, insertBalanceEntry, insertShop } from '@/features/shop/server/shop.repository';
import { insertNotification } from '@/features/notification/server/notification.repository';
import { FREE_TRIAL_DAYS } from '@/shared/plans';
import { setAgentPin } from '@/features/pos/server/pins';
import { createTill } from '@/features/pos/server/tills';
import type { AgentRow } from '@/features/agent/server/agent.repository';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { seedDemoHistory } from './demo-history';
import { seedDemoStorefront } from './demo-storefront';
import { seedDemoChannels } from './demo-channels';
import { seedDemoCrm, seedDemoLoyalty } from './demo-crm';

export const DEMO_SHOP_SLUG = 'boutique-awa';

export interface DemoLogin {
  phone: string;
  name: string;
  role: AgentRole | 'platform-operator';
}

const DEMO_STAFF: Array<{
  phone: string;
  firstName: string | null;
  lastName: string | null;
  role: AgentRole;
  email?: string;
}> = [
  { phone: '+221770000001', firstName: 'Awa', lastName: 'Diop', role: 'admin', email: 'awa@boutique-awa.sn' },
  { phone: '+221770000002', firstName: 'Moussa', lastName: 'Ndiaye', role: 'supervisor' },
  { phone: '+221770000003', firstName: 'Fatou', lastName: 'Sow', role: 'seller' },
  { phone: '+221770000004', firstName: 'Ibrahima', lastName: 'Fall', role: 'cashier' },
  { phone: '+221770000005', firstName: 'Aminata', lastName: 'Ba', role: 'inventory-manager' },
  // Invited by phone only: shows the « confirmer vos informations » step at first sign-in.
  { phone: '+221770000006', firstName: null, lastName: null, role: 'seller' },
];
/** The demo managers' PINs, to approve refunds and big discounts at the till (README). */
export const DEMO_PINS: Partial<Record<AgentRole, string>> = { admin: '1234', supervisor: '5678' };
const DEMO_OPERATOR = { phone: '+221770000009', firstName: 'Cheikh', lastName: 'Sy' };

export const DEMO_LOGINS: DemoLogin[] = [
  ...DEMO_STAFF.map((s) => ({
    phone: s.phone,
    name: s.firstName ? `${s.firstName} ${s.lastName}` : '(nom à compléter)',
    role: s.role,
  })),
  {
    phone: DEMO_OPERATOR.phone,
    name: `${DEMO_OPERATOR.firstName} ${DEMO_OPERATOR.lastName}`,
    role: 'platform-operator' as const,
  },
];

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** « Boutique Awa » in Dakar with one agent per role. Does nothing when the shop exists already. */
export async function seedDemoShop(db: Database): Promise<DemoLogin[]> {
  if (await findShopBySlug(db, DEMO_SHOP_SLUG)) return DEMO_LOGINS;

  const made = await db.transaction(async (tx) => {
    const users = [];
    for (const staff of DEMO_STAFF) {
      users.push(
        (await getUserByPhone(tx, staff.phone)) ??
          (await insertUser(tx, {
            phone: staff.phone,
            firstName: staff.firstName,
            lastName: staff.lastName,
            email: staff.email ?? null,
          })),
      );
    }
    if (!(await getUserByPhone(tx, DEMO_OPERATOR.phone))) {
      await insertUser(tx, { ...DEMO_OPERATOR, isPlatformOperator: true });
    }

    const owner = users[0]!;
    const shop = await insertShop(tx, {
      name: 'Boutique Awa',
      slug: DEMO_SHOP_SLUG,
      sellerId: owner.id,
      subscriptionPlan: 'free',
      shopExpiresAt: null,
      freeTrialExpiresAt: new Date(Date.now() + FREE_TRIAL_DAYS * 86_400_000),
      currency: 'XOF',
      timeZone: 'Africa/Dakar',
      country: 'SN',
      address: '12, rue Carnot, Dakar Plateau, Dakar',
      phone: '+221338210000',
      // A shop in business, past its first run: « Pour bien démarrer » is for shops signed up.
      checklistDismissedAt: new Date(),
    });
    const agents: AgentRow[] = [];
    for (const [i, staff] of DEMO_STAFF.entries()) {
      const agent = await insertAgent(tx, {
        shopId: shop.id,
        userId: users[i]!.id,
        role: staff.role,
        phone: staff.phone,
        firstName: staff.firstName,
        lastName: staff.lastName,
        email: staff.email ?? null,
      });
      agents.push(agent);
      const pin = DEMO_PINS[staff.role];
      if (pin && staff.firstName) await setAgentPin(tx, agent, pin);
    }
    await createTill(tx, shop.id, 'Caisse 1');
    await createTill(tx, shop.id, 'Caisse 2');

    const notes = [
      {
        type: 'shop',
        title: 'Bienvenue sur Comptoir',
        description: 'Votre essai gratuit de 14 jours a commencé. Ajoutez vos produits pour vendre partout.',
        createdAt: hoursAgo(72),
        isRead: true,
      },
      {
        type: 'order',
        capability: 'orders:view-all',
        title: 'Nouvelle commande #1001',
        description: 'Mariama Kane — 2 articles, 18 500 FCFA, WhatsApp',
        createdAt: hoursAgo(5),
      },
      {
        type: 'low_stock',
        capability: 'products:view',
        // The product's name is the title: the toast reads « Le stock du produit <title> est faible ».
        title: 'Bissap 1 L',
        description: 'Stock faible : 3 restants (seuil 5).',
        createdAt: hoursAgo(3),
      },
      {
        type: 'product',
        capability: 'products:view',
        title: 'Produit publié',
        description: 'Boubou brodé homme est maintenant visible sur votre site.',
        createdAt: hoursAgo(1),
      },
    ];
    for (const n of notes) await insertNotification(tx, { shopId: shop.id, ...n });

    const entries = [
      {
        amount: 125_000,
        kind: 'payment',
        description: 'Paiements Wave — semaine 46',
        createdAt: hoursAgo(24 * 6),
      },
      {
        amount: 48_500,
        kind: 'payment',
        description: 'Paiements Orange Money — semaine 47',
        createdAt: hoursAgo(30),
      },
      {
        amount: -100_000,
        kind: 'payout',
        description: 'Virement vers le compte Wave de la boutique',
        createdAt: hoursAgo(20),
      },
    ];
    for (const e of entries) await insertBalanceEntry(tx, { shopId: shop.id, ...e });
    await seedDemoCatalogue(tx, shop.id, owner.id);
    return { shop: shop as ShopRow, owner: agents[0]!, seller: agents[2]! };
  });
  await seedDemoLoyalty(db, made.shop, made.owner.userId);
  await seedDemoHistory(db, made.shop, made.owner, made.seller);
  await seedDemoStorefront(db, made.shop);
  await seedDemoChannels(db, made.shop);
  await seedDemoCrm(db, made.shop, made.owner.userId);
  return DEMO_LOGINS;
}
