import { defineRoute } from '@/server/http/define-route';
import { Errors } from '@/server/http/errors';
import { ZId, z } from '@/shared/validation';
import { findPeople } from '@/features/user/server/user.repository';
import { activeRules } from '@/features/loyalty/server/program';
import type { Database } from '@/server/db';
import { can } from '@/shared/permissions';
import { isAgentRole } from '@/shared/roles';
import {
  ZApprovers,
  ZConflictsQuery,
  ZCreateTillBody,
  ZPosCatalogue,
  ZPosCatalogueQuery,
  ZPosClients,
  ZPosClientsQuery,
  ZResolveConflictBody,
  ZSendReceiptBody,
  ZSessionQuery,
  ZSessionsQuery,
  ZSetPinBody,
  ZStockConflict,
  ZSyncBody,
  ZSyncResult,
  ZTill,
  ZTillBoot,
  type Till,
  ZUpdateTillBody,
  ZZReport,
  ZCashSession,
} from '../pos.schemas';
import { catalogueChanges } from './catalogue';
import { customerChanges, findCustomerById } from '@/features/customer/server/customers';
import { listStockConflicts, resolveStockConflict } from './conflicts';
import { findApprovers, setAgentPin } from './pins';
import { sendReceiptSms } from './receipt-sms';
import { listSessions, sessionReport } from './sessions';
import { syncOps } from './sync';
import { createTill, findTill, listTills, updateTill, type TillRow } from './tills';
import { runningExpectedCash, toCashSessionDto } from './z-report';

const shopInQuery = { from: 'query', key: 'shopId' } as const;
const shopInBody = { from: 'body', key: 'shopId' } as const;
const ZShopOnly = z.object({ shopId: z.string() });

const tillDto = (till: TillRow) => ({
  id: till.id,
  name: till.name,
  isActive: till.isActive,
  openSession: null,
});

export const listTillsRoute = defineRoute({
  method: 'GET',
  path: '/api/pos/tills',
  tag: 'pos',
  summary:
    'Les caisses de la boutique et leur session ouverte, avec les espèces attendues de la session (toutes tablettes confondues) ; une boutique sans caisse reçoit « Caisse 1 ».',
  shop: shopInQuery,
  permission: 'pos:use',
  query: ZShopOnly,
  response: z.object({ items: z.array(ZTill) }),
  handle: async ({ db, membership }) => ({ items: await tillsOfShop(db, membership!.shop.id) }),
});

/** The shop's tills as the till shows them: each with its open session and its running cash. */
async function tillsOfShop(db: Database, shopId: string): Promise<Till[]> {
  const rows = await listTills(db, shopId);
  const people = await findPeople(
    db,
    rows.map((r) => r.session?.openedByUserId ?? null),
  );
  const expected = await runningExpectedCash(
    db,
    rows.flatMap((r) => (r.session ? [r.session] : [])),
  );
  return rows.map(({ till, session }) => ({
    ...tillDto(till),
    openSession: session
      ? toCashSessionDto(session, till.name, people, expected.get(session.id) ?? null)
      : null,
  }));
}

export const tillBootRoute = defineRoute({
  method: 'GET',
  path: '/api/pos/boot',
  tag: 'pos',
  summary:
    'Ce dont la caisse a besoin pour s’ouvrir, en une réponse : l’utilisateur, la boutique (`shopId` si donné, sinon sa première), son rôle, les règles de fidélité et les caisses (null si son rôle ne vend pas à la caisse ou si la boutique est bloquée).',
  shop: { from: 'query', key: 'shopId', fallbackToFirstShop: true },
  // A blocked shop, or a role without the till, is answered: the till shows why it stays closed.
  allowBlockedShop: true,
  query: z.object({ shopId: ZId.optional() }),
  response: ZTillBoot,
  handle: async ({ db, user, membership }) => {
    const shop = membership?.shop ?? null;
    const agent = membership?.agent ?? null;
    const sells =
      !!shop && !shop.isBlocked && !!agent && isAgentRole(agent.role) && can(agent.role, 'pos:use');
    const [loyalty, tills] = await Promise.all([
      shop ? activeRules(db, shop.id) : null,
      sells ? tillsOfShop(db, shop.id) : null,
    ]);
    return {
      user: { id: user.id, phone: user.phone, firstName: user.firstName, lastName: user.lastName },
      shop: shop && {
        id: shop.id,
        name: shop.name,
        logoUrl: shop.logoUrl,
        currency: shop.currency,
        timeZone: shop.timeZone,
        country: shop.country,
        address: shop.address,
        phone: shop.phone,
        receiptFooter: shop.receiptFooter,
        taxId: shop.taxId,
        tradeRegister: shop.tradeRegister,
        isBlocked: shop.isBlocked,
      },
      agent: agent && {
        id: agent.id,
        firstName: agent.firstName,
        lastName: agent.lastName,
        role: agent.role,
      },
      loyalty,
      tills,
    };
  },
});

export const createTillRoute = defineRoute({
  method: 'POST',
  path: '/api/pos/createTill',
  tag: 'pos',
  summary: 'Ajoute une caisse nommée (administrateur, superviseur).',
  shop: shopInBody,
  permission: 'pos:approve',
  body: ZCreateTillBody,
  response: ZTill,
  handle: async ({ db, membership, body }) => tillDto(await createTill(db, membership!.shop.id, body.name)),
});

export const updateTillRoute = defineRoute({
  method: 'POST',
  path: '/api/pos/updateTill',
  tag: 'pos',
  summary: 'Renomme une caisse ou la met hors service (administrateur, superviseur).',
  shop: shopInBody,
  permission: 'pos:approve',
  body: ZUpdateTillBody,
  response: ZTill,
  handle: async ({ db, membership, body }) => tillDto(await updateTill(db, membership!.shop.id, body)),
});

export const posCatalogueRoute = defineRoute({
  method: 'GET',
  path: '/api/pos/catalogue',
  tag: 'pos',
  summary:
    'Le catalogue de la caisse : produits et variantes modifiés depuis le curseur `since` (tout au premier appel), retirés compris.',
  shop: shopInQuery,
  permission: 'pos:use',
  query: ZPosCatalogueQuery,
  response: ZPosCatalogue,
  handle: async ({ db, membership, query }) =>
    catalogueChanges(db, membership!.shop.id, query.since, query.limit),
});

export const posClientsRoute = defineRoute({
  method: 'GET',
  path: '/api/pos/clients',
  tag: 'pos',
  summary: 'Les clients (nom, téléphone) modifiés depuis le curseur `since`, pour les retrouver sans réseau.',
  shop: shopInQuery,
  permission: 'pos:use',
  query: ZPosClientsQuery,
  response: ZPosClients,
  handle: async ({ db, membership, query }) =>
    customerChanges(db, membership!.shop.id, query.since, query.limit),
});

export const posClientCreditRoute = defineRoute({
  method: 'GET',
  path: '/api/pos/clientCredit',
  tag: 'pos',
  summary:
    'Ce que doit un client, son plafond de crédit et son avoir : une vente à crédit au-delà du plafond demande le code PIN d’un responsable, l’avoir paie tout ou partie d’une vente.',
  shop: shopInQuery,
  permission: 'pos:use',
  query: z.object({ shopId: ZId, clientId: ZId }),
  response: z.object({
    balance: z.number(),
    creditLimit: z.number().nullable(),
    storeCredit: z.number(),
    loyaltyPoints: z.number(),
  }),
  handle: async ({ db, membership, query }) => {
    const client = await findCustomerById(db, membership!.shop.id, query.clientId);
    if (!client) throw Errors.notFound('Ce client');
    return {
      balance: client.balance,
      creditLimit: client.creditLimit,
      storeCredit: client.storeCredit,
      loyaltyPoints: client.loyaltyPoints,
    };
  },
});

export const posSyncRoute = defineRoute({
  method: 'POST',
  path: '/api/pos/sync',
  tag: 'pos',
  summary:
    'Envoie les opérations de la caisse (ventes, remboursements, clients, mouvements d’espèces, ouverture et fermeture de session) : chacune est appliquée une seule fois, dans l’ordre.',
  shop: shopInBody,
  permission: 'pos:use',
  body: ZSyncBody,
  response: ZSyncResult,
  handle: async ({ db, membership, user, body }) => {
    const till = await findTill(db, membership!.shop.id, body.tillId);
    if (!till) throw Errors.notFound('La caisse');
    return { results: await syncOps(db, { membership: membership!, user, till }, body.ops) };
  },
});

export const listSessionsRoute = defineRoute({
  method: 'GET',
  path: '/api/pos/sessions',
  tag: 'pos',
  summary: 'Les sessions de caisse, les plus récentes d’abord (un vendeur ou un caissier voit les siennes).',
  shop: shopInQuery,
  permission: 'pos:use',
  query: ZSessionsQuery,
  response: z.object({ items: z.array(ZCashSession), nextCursor: z.string().nullable() }),
  handle: async ({ db, membership, user, query }) => listSessions(db, membership!, user.id, query),
});

export const zReportRoute = defineRoute({
  method: 'GET',
  path: '/api/pos/zReport',
  tag: 'pos',
  summary: 'Le rapport Z d’une session fermée (tel qu’imprimé), ou le rapport X d’une session ouverte.',
  shop: shopInQuery,
  permission: 'pos:use',
  query: ZSessionQuery,
  response: ZZReport,
  handle: async ({ db, membership, user, query }) => sessionReport(db, membership!, user.id, query.sessionId),
});

export const approversRoute = defineRoute({
  method: 'GET',
  path: '/api/pos/approvers',
  tag: 'pos',
  summary:
    'Les empreintes (PBKDF2-SHA256 salées) des codes PIN des administrateurs et superviseurs, pour vérifier un code sans réseau.',
  shop: shopInQuery,
  permission: 'pos:use',
  query: ZShopOnly,
  response: ZApprovers,
  handle: async ({ db, membership }) => ({
    items: (await findApprovers(db, membership!.shop.id)).map(({ agent, pin }) => ({
      agentId: agent.id,
      name: [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.phone,
      salt: pin.salt,
      hash: pin.hash,
      iterations: pin.iterations,
    })),
  }),
});

export const setPinRoute = defineRoute({
  method: 'POST',
  path: '/api/pos/setPin',
  tag: 'pos',
  summary: 'Définit le code PIN de l’administrateur ou du superviseur connecté (validation à la caisse).',
  shop: shopInBody,
  permission: 'pos:approve',
  body: ZSetPinBody,
  response: z.object({ ok: z.literal(true) }),
  handle: async ({ db, membership, body }) => {
    await setAgentPin(db, membership!.agent, body.pin);
    return { ok: true as const };
  },
});

export const listConflictsRoute = defineRoute({
  method: 'GET',
  path: '/api/pos/conflicts',
  tag: 'pos',
  summary: '« Conflits de stock » : les ventes faites hors ligne au-delà du stock, à traiter.',
  shop: shopInQuery,
  permission: 'pos:approve',
  query: ZConflictsQuery,
  response: z.object({ items: z.array(ZStockConflict) }),
  handle: async ({ db, membership, query }) => ({
    items: await listStockConflicts(db, membership!.shop.id, query.status),
  }),
});

export const resolveConflictRoute = defineRoute({
  method: 'POST',
  path: '/api/pos/resolveConflict',
  tag: 'pos',
  summary: 'Marque un conflit de stock comme traité, en disant ce qui a été fait.',
  shop: shopInBody,
  permission: 'pos:approve',
  body: ZResolveConflictBody,
  response: z.object({ ok: z.literal(true) }),
  handle: async ({ db, membership, user, body }) => {
    await resolveStockConflict(db, membership!.shop.id, user.id, body);
    return { ok: true as const };
  },
});

export const sendReceiptRoute = defineRoute({
  method: 'POST',
  path: '/api/pos/sendReceipt',
  tag: 'pos',
  summary: 'Envoie le ticket par SMS au client (compte dans les SMS du forfait).',
  shop: shopInBody,
  permission: 'pos:use',
  body: ZSendReceiptBody,
  response: z.object({ phone: z.string() }),
  handle: async ({ db, membership, user, body }) => sendReceiptSms(db, membership!, user.id, body),
});
