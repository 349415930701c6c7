import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { blockShop, createShopFixture, createUser, signedInToken, type Member } from '../helpers/fixtures';
import { noisePng, pngImage, withEnv } from '../helpers/uploads';
import { agents, shops, users } from '@/server/db/schema';
import { publicUrl } from '@/server/env';
import { createShopWithOwner } from '@/features/shop/server/create-shop';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { AGENT_ROLES } from '@/shared/roles';

const bed = setupApiTestbed();
const NBSP = '\u00a0';
const DAY = 86_400_000;

/** A shop whose only agent is its owner (the admin). */
async function ownerOnlyShop(name: string, country = 'SN'): Promise<{ shop: ShopRow; owner: Member }> {
  const owner = await createUser(bed.database.db, 'Admin');
  const { shop } = await createShopWithOwner(bed.database.db, {
    owner: owner.user,
    name,
    country,
    currency: 'XOF',
  });
  return { shop, owner };
}

async function setPlan(
  shopId: string,
  values: { subscriptionPlan?: string; shopExpiresAt?: Date | null; freeTrialExpiresAt?: Date | null },
) {
  await bed.database.db.update(shops).set(values).where(eq(shops.id, shopId));
}

/** Trial over and no paid period: the shop runs on the `free` plan (1 agent). */
const onFreePlan = (shopId: string) =>
  setPlan(shopId, {
    subscriptionPlan: 'free',
    shopExpiresAt: null,
    freeTrialExpiresAt: new Date(Date.now() - DAY),
  });

async function agentRow(shopId: string, userId: string) {
  const [row] = await bed.database.db
    .select()
    .from(agents)
    .where(and(eq(agents.shopId, shopId), eq(agents.userId, userId)));
  return row!;
}

async function quotas(token: string, shopId: string) {
  const { status, body } = await bed.server.call('GET', `/api/shop/getShop?shopId=${shopId}`, { token });
  expect(status).toBe(200);
  return body.planQuotas as { maxNumberOfAuthorizedAgents: number; currentNumberOfAuthorizedAgents: number };
}

/** A Senegalese mobile number in its local form, and its E.164 form. */
function localSenegalPhone(): { local: string; e164: string } {
  const digits = String(randomBytes(3).readUIntBE(0, 3) % 10_000_000).padStart(7, '0');
  return {
    local: `76 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`,
    e164: `+22176${digits}`,
  };
}

const invite = (token: string, body: Record<string, unknown>) =>
  bed.server.call('POST', '/api/agent/inviteAgent', { token, body });
const changeRole = (token: string, body: Record<string, unknown>) =>
  bed.server.call('POST', '/api/agent/updateAgentRole', { token, body });
const setActive = (token: string, body: Record<string, unknown>) =>
  bed.server.call('POST', '/api/agent/setAgentActive', { token, body });

async function sentSms(to: string): Promise<Array<{ to: string; body: string }>> {
  const text = await fs.readFile(process.env.SMS_FILE_PATH!, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string })
    .filter((m) => m.to === to);
}

describe('POST /api/agent/inviteAgent', () => {
  it('creates the user of a new phone, normalised with the shop country, and adds them with the role', async () => {
    const { shop, owner } = await ownerOnlyShop('Boutique Invitations');
    const phone = localSenegalPhone();
    const { status, body } = await invite(owner.token, {
      shopId: shop.id,
      phone: phone.local,
      role: 'seller',
      firstName: ' Fatou ',
      lastName: 'Diop',
    });
    expect(status).toBe(200);
    const [user] = await bed.database.db.select().from(users).where(eq(users.phone, phone.e164));
    expect(user).toMatchObject({ phone: phone.e164, firstName: 'Fatou', lastName: 'Diop' });
    expect(body).toEqual({
      _id: expect.any(String),
      shopId: shop.id,
      userId: user!.id,
      firstName: 'Fatou',
      lastName: 'Diop',
      phone: phone.e164,
      email: null,
      role: 'seller',
      profilePictureUrl: null,
      isActive: true,
      createdAt: expect.any(String),
    });
    // The invitation SMS names the inviter, the shop and the role.
    expect((await sentSms(phone.e164)).map((m) => m.body)).toEqual([
      `Admin Utilisateur vous a ajouté(e) à l’équipe de « Boutique Invitations » sur Comptoir (Vendeur). Connectez-vous avec ce numéro : ${publicUrl()}/login`,
    ]);
    // The team is told, and the new agent lands in the shop when they sign in.
    const notifications = await bed.server.call('GET', `/api/notification/getByShop/${shop.id}`, {
      token: owner.token,
    });
    expect(notifications.body[0]).toMatchObject({
      type: 'shop',
      title: 'Nouvel agent',
      description: 'Fatou Diop a rejoint l’équipe en tant que Vendeur.',
    });
    const token = await signedInToken(bed.database.db, user!.id);
    const agent = await bed.server.call('GET', '/api/agent/getOneAgent', { token });
    expect(agent.body).toMatchObject({ _id: body._id, shopId: shop.id, role: 'seller' });
  });

  it('reads a local number with the country of the shop (Côte d’Ivoire here)', async () => {
    const { shop, owner } = await ownerOnlyShop('Boutique Abidjan', 'CI');
    const { status, body } = await invite(owner.token, {
      shopId: shop.id,
      phone: '07 07 07 07 07',
      role: 'cashier',
    });
    expect(status).toBe(200);
    expect(body.phone).toBe('+2250707070707');
    // A Senegalese number is not valid in Côte d'Ivoire without its prefix…
    const wrong = await invite(owner.token, { shopId: shop.id, phone: '77 123 45 67', role: 'cashier' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details).toEqual({ phone: 'Le numéro de téléphone n’est pas valide.' });
    expect(wrong.body.error.message).toBe(`Téléphone${NBSP}: le numéro de téléphone n’est pas valide.`);
    // …but is with it.
    const withPrefix = await invite(owner.token, {
      shopId: shop.id,
      phone: '+221 77 123 45 67',
      role: 'cashier',
    });
    expect(withPrefix.status).toBe(200);
    expect(withPrefix.body.phone).toBe('+221771234567');
  });

  it('invites an existing user with their own names, without creating another user', async () => {
    const { shop, owner } = await ownerOnlyShop('Boutique Existant');
    const known = await createUser(bed.database.db, 'Moussa');
    const { status, body } = await invite(owner.token, {
      shopId: shop.id,
      phone: known.user.phone,
      role: 'inventory-manager',
      firstName: '',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      userId: known.user.id,
      firstName: 'Moussa',
      lastName: 'Utilisateur',
      role: 'inventory-manager',
    });
    expect(await bed.database.db.select().from(users).where(eq(users.phone, known.user.phone))).toHaveLength(
      1,
    );
  });

  it('refuses someone already active in the team with 422 on phone', async () => {
    const { status, body } = await invite(bed.awa.members.admin.token, {
      shopId: bed.awa.shop.id,
      phone: bed.awa.members.cashier.user.phone,
      role: 'seller',
    });
    expect(status).toBe(422);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual({ phone: 'Cette personne fait déjà partie de l’équipe.' });
    expect(body.error.message).toBe(`Téléphone${NBSP}: cette personne fait déjà partie de l’équipe.`);
    expect((await agentRow(bed.awa.shop.id, bed.awa.members.cashier.user.id)).role).toBe('cashier');
  });

  it('brings a deactivated agent back, with the new role, as the same agent', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Retour');
    const seller = await agentRow(team.shop.id, team.members.seller.user.id);
    expect(
      (
        await setActive(team.members.admin.token, {
          shopId: team.shop.id,
          agentId: seller.id,
          isActive: false,
        })
      ).status,
    ).toBe(200);
    const { status, body } = await invite(team.members.admin.token, {
      shopId: team.shop.id,
      phone: team.members.seller.user.phone,
      role: 'supervisor',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: seller.id, role: 'supervisor', isActive: true, firstName: 'seller' });
    expect(
      await bed.database.db.select().from(agents).where(eq(agents.userId, team.members.seller.user.id)),
    ).toHaveLength(1);
    const back = await bed.server.call('GET', `/api/agent/getOneAgent?shopId=${team.shop.id}`, {
      token: team.members.seller.token,
    });
    expect(back.body.role).toBe('supervisor');
  });
});

describe('the agents quota', () => {
  it('refuses a second agent on the free plan with 403 QUOTA_EXCEEDED naming « Gratuit » and its limit', async () => {
    const { shop, owner } = await ownerOnlyShop('Boutique Gratuite');
    await onFreePlan(shop.id);
    expect(await quotas(owner.token, shop.id)).toMatchObject({
      maxNumberOfAuthorizedAgents: 1,
      currentNumberOfAuthorizedAgents: 1,
    });
    const phone = localSenegalPhone();
    const { status, body } = await invite(owner.token, {
      shopId: shop.id,
      phone: phone.local,
      role: 'seller',
    });
    expect(status).toBe(403);
    expect(body.error).toEqual({
      code: 'QUOTA_EXCEEDED',
      message:
        'Votre forfait Gratuit autorise 1 agent au maximum. Passez à un forfait supérieur pour en ajouter.',
    });
    // Nothing was kept: neither the agent nor the user created for them.
    expect(await bed.database.db.select().from(users).where(eq(users.phone, phone.e164))).toEqual([]);
    expect((await quotas(owner.token, shop.id)).currentNumberOfAuthorizedAgents).toBe(1);
    expect(await sentSms(phone.e164)).toEqual([]);
  });

  it('lets exactly one of two simultaneous invitations take the last seat', async () => {
    const { shop, owner } = await ownerOnlyShop('Boutique Dernière Place');
    // Starter allows 3 agents: the owner and one agent leave exactly one seat.
    await setPlan(shop.id, {
      subscriptionPlan: 'starter',
      shopExpiresAt: new Date(Date.now() + 30 * DAY),
      freeTrialExpiresAt: null,
    });
    expect(
      (await invite(owner.token, { shopId: shop.id, phone: localSenegalPhone().local, role: 'seller' }))
        .status,
    ).toBe(200);
    expect(await quotas(owner.token, shop.id)).toMatchObject({
      maxNumberOfAuthorizedAgents: 3,
      currentNumberOfAuthorizedAgents: 2,
    });

    const answers = await Promise.all([
      invite(owner.token, { shopId: shop.id, phone: localSenegalPhone().local, role: 'cashier' }),
      invite(owner.token, { shopId: shop.id, phone: localSenegalPhone().local, role: 'supervisor' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    const refused = answers.find((a) => a.status === 403)!;
    expect(refused.body.error).toEqual({
      code: 'QUOTA_EXCEEDED',
      message:
        'Votre forfait Starter autorise 3 agents au maximum. Passez à un forfait supérieur pour en ajouter.',
    });
    expect(await quotas(owner.token, shop.id)).toMatchObject({
      maxNumberOfAuthorizedAgents: 3,
      currentNumberOfAuthorizedAgents: 3,
    });
    const active = await bed.database.db
      .select()
      .from(agents)
      .where(and(eq(agents.shopId, shop.id), eq(agents.isActive, true)));
    expect(active).toHaveLength(3);
  });
});

describe('POST /api/agent/updateAgentRole', () => {
  it('changes another agent’s role', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Rôles');
    const seller = await agentRow(team.shop.id, team.members.seller.user.id);
    const { status, body } = await changeRole(team.members.admin.token, {
      shopId: team.shop.id,
      agentId: seller.id,
      role: 'supervisor',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: seller.id, role: 'supervisor', isActive: true });
    expect((await agentRow(team.shop.id, team.members.seller.user.id)).role).toBe('supervisor');
    // The new role applies at once: a seller may not see the balance, a supervisor may.
    expect(
      (
        await bed.server.call('GET', `/api/shop/getShopBalance?shopId=${team.shop.id}`, {
          token: team.members.seller.token,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses to change the caller themself or the owner, with French details on role', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Propriétaire');
    const ownerAgent = await agentRow(team.shop.id, team.members.admin.user.id);
    const self = await changeRole(team.members.admin.token, {
      shopId: team.shop.id,
      agentId: ownerAgent.id,
      role: 'seller',
    });
    expect(self.status).toBe(422);
    expect(self.body.error.details).toEqual({ role: 'Vous ne pouvez pas modifier votre propre accès.' });
    expect(self.body.error.message).toBe(`Rôle${NBSP}: vous ne pouvez pas modifier votre propre accès.`);

    // A second admin may manage the team, but not the owner.
    const supervisor = await agentRow(team.shop.id, team.members.supervisor.user.id);
    expect(
      (
        await changeRole(team.members.admin.token, {
          shopId: team.shop.id,
          agentId: supervisor.id,
          role: 'admin',
        })
      ).status,
    ).toBe(200);
    const coAdmin = team.members.supervisor.token;
    const owner = await changeRole(coAdmin, { shopId: team.shop.id, agentId: ownerAgent.id, role: 'seller' });
    expect(owner.status).toBe(422);
    expect(owner.body.error.details).toEqual({
      role: 'L’accès du propriétaire de la boutique ne peut pas être modifié.',
    });
    const deactivateOwner = await setActive(coAdmin, {
      shopId: team.shop.id,
      agentId: ownerAgent.id,
      isActive: false,
    });
    expect(deactivateOwner.status).toBe(422);
    expect(deactivateOwner.body.error.details).toEqual({
      isActive: 'L’accès du propriétaire de la boutique ne peut pas être modifié.',
    });
    const ownerNow = await agentRow(team.shop.id, team.members.admin.user.id);
    expect({ role: ownerNow.role, isActive: ownerNow.isActive }).toEqual({ role: 'admin', isActive: true });
    // The co-admin may change the seller.
    const seller = await agentRow(team.shop.id, team.members.seller.user.id);
    expect(
      (await changeRole(coAdmin, { shopId: team.shop.id, agentId: seller.id, role: 'cashier' })).body.role,
    ).toBe('cashier');
  });

  it('answers 404 for an agent of another shop and leaves it alone', async () => {
    const theirs = await agentRow(bed.other.shop.id, bed.other.members.seller.user.id);
    const { status, body } = await changeRole(bed.awa.members.admin.token, {
      shopId: bed.awa.shop.id,
      agentId: theirs.id,
      role: 'cashier',
    });
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'L’agent est introuvable.' });
    expect((await agentRow(bed.other.shop.id, bed.other.members.seller.user.id)).role).toBe('seller');
    const deactivate = await setActive(bed.awa.members.admin.token, {
      shopId: bed.awa.shop.id,
      agentId: theirs.id,
      isActive: false,
    });
    expect(deactivate.status).toBe(404);
    expect((await agentRow(bed.other.shop.id, bed.other.members.seller.user.id)).isActive).toBe(true);
  });
});

describe('POST /api/agent/setAgentActive', () => {
  it('deactivates an agent, who loses the shop at once, and reactivates them', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Désactivation');
    const cashier = await agentRow(team.shop.id, team.members.cashier.user.id);
    expect((await quotas(team.members.admin.token, team.shop.id)).currentNumberOfAuthorizedAgents).toBe(5);

    const off = await setActive(team.members.admin.token, {
      shopId: team.shop.id,
      agentId: cashier.id,
      isActive: false,
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ _id: cashier.id, isActive: false, role: 'cashier' });
    const getShop = await bed.server.call('GET', `/api/shop/getShop?shopId=${team.shop.id}`, {
      token: team.members.cashier.token,
    });
    expect(getShop.status).toBe(404);
    expect(getShop.body.error.code).toBe('NOT_FOUND');
    expect((await quotas(team.members.admin.token, team.shop.id)).currentNumberOfAuthorizedAgents).toBe(4);
    // Deactivating twice changes nothing.
    const again = await setActive(team.members.admin.token, {
      shopId: team.shop.id,
      agentId: cashier.id,
      isActive: false,
    });
    expect(again.status).toBe(200);
    expect(again.body.isActive).toBe(false);

    const on = await setActive(team.members.admin.token, {
      shopId: team.shop.id,
      agentId: cashier.id,
      isActive: true,
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ _id: cashier.id, isActive: true, role: 'cashier' });
    expect(
      (
        await bed.server.call('GET', `/api/shop/getShop?shopId=${team.shop.id}`, {
          token: team.members.cashier.token,
        })
      ).body._id,
    ).toBe(team.shop.id);
    expect((await quotas(team.members.admin.token, team.shop.id)).currentNumberOfAuthorizedAgents).toBe(5);
  });

  it('reactivates only within the plan, and refuses to deactivate oneself', async () => {
    const { shop, owner } = await ownerOnlyShop('Boutique Réactivation');
    const invited = await invite(owner.token, {
      shopId: shop.id,
      phone: localSenegalPhone().local,
      role: 'seller',
    });
    expect(invited.status).toBe(200);
    const agentId = invited.body._id as string;
    expect((await setActive(owner.token, { shopId: shop.id, agentId, isActive: false })).status).toBe(200);

    await onFreePlan(shop.id);
    const refused = await setActive(owner.token, { shopId: shop.id, agentId, isActive: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('QUOTA_EXCEEDED');
    expect(refused.body.error.message).toBe(
      'Votre forfait Gratuit autorise 1 agent au maximum. Passez à un forfait supérieur pour en ajouter.',
    );
    expect((await quotas(owner.token, shop.id)).currentNumberOfAuthorizedAgents).toBe(1);

    await setPlan(shop.id, { subscriptionPlan: 'starter', shopExpiresAt: new Date(Date.now() + DAY) });
    const accepted = await setActive(owner.token, { shopId: shop.id, agentId, isActive: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.isActive).toBe(true);
    expect((await quotas(owner.token, shop.id)).currentNumberOfAuthorizedAgents).toBe(2);

    const ownerAgent = await agentRow(shop.id, owner.user.id);
    const self = await setActive(owner.token, { shopId: shop.id, agentId: ownerAgent.id, isActive: false });
    expect(self.status).toBe(422);
    expect(self.body.error.details).toEqual({ isActive: 'Vous ne pouvez pas modifier votre propre accès.' });
    expect((await agentRow(shop.id, owner.user.id)).isActive).toBe(true);
  });
});

describe('team management permissions and input', () => {
  it('is for admins only: every other role gets 403 and nothing changes', async () => {
    const seller = await agentRow(bed.awa.shop.id, bed.awa.members.seller.user.id);
    for (const role of ['supervisor', 'seller', 'cashier', 'inventory-manager'] as const) {
      const token = bed.awa.members[role].token;
      const shopId = bed.awa.shop.id;
      for (const answer of [
        await invite(token, { shopId, phone: localSenegalPhone().local, role: 'seller' }),
        await changeRole(token, { shopId, agentId: seller.id, role: 'cashier' }),
        await setActive(token, { shopId, agentId: seller.id, isActive: false }),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body.error).toEqual({
          code: 'FORBIDDEN',
          message: 'Votre rôle ne vous permet pas d’effectuer cette action.',
        });
      }
    }
    const unchanged = await agentRow(bed.awa.shop.id, bed.awa.members.seller.user.id);
    expect({ role: unchanged.role, isActive: unchanged.isActive }).toEqual({
      role: 'seller',
      isActive: true,
    });
    expect((await quotas(bed.awa.members.admin.token, bed.awa.shop.id)).currentNumberOfAuthorizedAgents).toBe(
      5,
    );
  });

  it('answers 401 without a token, 404 for another shop and 403 for a blocked shop', async () => {
    const body = { shopId: bed.awa.shop.id, phone: localSenegalPhone().local, role: 'seller' };
    for (const path of [
      '/api/agent/inviteAgent',
      '/api/agent/updateAgentRole',
      '/api/agent/setAgentActive',
    ]) {
      const anonymous = await bed.server.call('POST', path, { body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
    }
    const outsider = await invite(bed.other.members.admin.token, body);
    expect(outsider.status).toBe(404);
    expect(outsider.body.error).toEqual({ code: 'NOT_FOUND', message: 'La boutique est introuvable.' });

    const blocked = await createShopFixture(bed.database.db, 'Boutique Bloquée');
    await blockShop(bed.database.db, blocked.shop.id);
    const seller = await agentRow(blocked.shop.id, blocked.members.seller.user.id);
    for (const answer of [
      await invite(blocked.members.admin.token, { ...body, shopId: blocked.shop.id }),
      await changeRole(blocked.members.admin.token, {
        shopId: blocked.shop.id,
        agentId: seller.id,
        role: 'cashier',
      }),
      await setActive(blocked.members.admin.token, {
        shopId: blocked.shop.id,
        agentId: seller.id,
        isActive: false,
      }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('SHOP_BLOCKED');
    }
    expect((await agentRow(blocked.shop.id, blocked.members.seller.user.id)).role).toBe('seller');
  });

  it('refuses bad payloads with 422 and French details naming the field', async () => {
    const token = bed.awa.members.admin.token;
    const shopId = bed.awa.shop.id;
    const seller = await agentRow(shopId, bed.awa.members.seller.user.id);

    const badRole = await invite(token, { shopId, phone: localSenegalPhone().local, role: 'boss' });
    expect(badRole.status).toBe(422);
    expect(badRole.body.error.details).toEqual({ role: 'Cette valeur n’est pas autorisée.' });
    expect(badRole.body.error.message).toBe(`Rôle${NBSP}: cette valeur n’est pas autorisée.`);

    const noPhone = await invite(token, { shopId, role: 'seller' });
    expect(noPhone.status).toBe(422);
    expect(noPhone.body.error.details).toEqual({ phone: 'Ce champ est obligatoire.' });
    expect(noPhone.body.error.message).toBe(`Téléphone${NBSP}: ce champ est obligatoire.`);

    const notAPhone = await invite(token, { shopId, phone: 'pas un numéro', role: 'seller' });
    expect(notAPhone.status).toBe(422);
    expect(notAPhone.body.error.details).toEqual({ phone: 'Le numéro de téléphone n’est pas valide.' });

    const noShop = await invite(token, { phone: localSenegalPhone().local, role: 'seller' });
    expect(noShop.status).toBe(422);
    expect(noShop.body.error.details).toEqual({ shopId: 'L’identifiant de la boutique est obligatoire.' });

    const roleChange = await changeRole(token, { shopId, agentId: seller.id, role: 'manager' });
    expect(roleChange.status).toBe(422);
    expect(roleChange.body.error.details).toEqual({ role: 'Cette valeur n’est pas autorisée.' });

    const noAgent = await changeRole(token, { shopId, role: 'cashier' });
    expect(noAgent.status).toBe(422);
    expect(noAgent.body.error.details).toEqual({ agentId: 'Ce champ est obligatoire.' });
    expect(noAgent.body.error.message).toBe(`Agent${NBSP}: ce champ est obligatoire.`);

    const active = await setActive(token, { shopId, agentId: seller.id, isActive: 'non' });
    expect(active.status).toBe(422);
    expect(active.body.error.details).toEqual({ isActive: 'Valeur invalide.' });
    expect(active.body.error.message).toBe(`Statut${NBSP}: valeur invalide.`);

    const unchanged = await agentRow(shopId, bed.awa.members.seller.user.id);
    expect({ role: unchanged.role, isActive: unchanged.isActive }).toEqual({
      role: 'seller',
      isActive: true,
    });
  });
});

describe('POST /api/agent/uploadMyPhoto', () => {
  const upload = (token: string | undefined, shopId: string | undefined, data: Buffer, type = 'image/png') =>
    bed.server.call('POST', `/api/agent/uploadMyPhoto${shopId ? `?shopId=${shopId}` : ''}`, {
      token,
      rawBody: data,
      headers: { 'content-type': type },
    });

  it('stores a real image as a 256 × 256 WebP served with an immutable cache', async () => {
    const png = await pngImage(640, 480);
    const { status, body } = await upload(bed.awa.members.seller.token, bed.awa.shop.id, png);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      userId: bed.awa.members.seller.user.id,
      shopId: bed.awa.shop.id,
      role: 'seller',
    });
    expect(body.profilePictureUrl).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9_-]+\.webp$/);
    expect((await agentRow(bed.awa.shop.id, bed.awa.members.seller.user.id)).profilePictureUrl).toBe(
      body.profilePictureUrl,
    );

    const served = await fetch(`${bed.server.url}${body.profilePictureUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const image = Buffer.from(await served.arrayBuffer());
    expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });

    // A new upload gets a new address; the old file stays as it was.
    const second = await upload(bed.awa.members.seller.token, bed.awa.shop.id, await pngImage(300, 300));
    expect(second.body.profilePictureUrl).not.toBe(body.profilePictureUrl);
    expect((await fetch(`${bed.server.url}${body.profilePictureUrl}`)).status).toBe(200);
  });

  it('checks the content, not the name or declared type: text and random bytes are refused', async () => {
    const before = (await agentRow(bed.awa.shop.id, bed.awa.members.cashier.user.id)).profilePictureUrl;
    for (const data of [Buffer.from('Ceci est un fichier texte renommé en photo.png\n'), randomBytes(4096)]) {
      const { status, body } = await upload(bed.awa.members.cashier.token, bed.awa.shop.id, data);
      expect(status).toBe(422);
      expect(body.error.details).toEqual({ photo: 'Le fichier doit être une image JPEG, PNG ou WebP.' });
      expect(body.error.message).toBe(`Photo${NBSP}: le fichier doit être une image JPEG, PNG ou WebP.`);
    }
    // A GIF is an image, but not one of the accepted formats.
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(
      (await upload(bed.awa.members.cashier.token, bed.awa.shop.id, gif, 'image/gif')).body.error.details,
    ).toEqual({ photo: 'Le fichier doit être une image JPEG, PNG ou WebP.' });
    const empty = await upload(bed.awa.members.cashier.token, bed.awa.shop.id, Buffer.alloc(0));
    expect(empty.status).toBe(422);
    expect(empty.body.error.details).toEqual({ photo: 'Le fichier est vide.' });
    expect((await agentRow(bed.awa.shop.id, bed.awa.members.cashier.user.id)).profilePictureUrl).toBe(before);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 422 on photo', async () => {
    const big = await noisePng(512, 512);
    expect(big.length).toBeGreaterThan(512 * 1024);
    await withEnv({ UPLOAD_MAX_BYTES: String(512 * 1024) }, async () => {
      const { status, body } = await upload(bed.awa.members.cashier.token, bed.awa.shop.id, big);
      expect(status).toBe(422);
      expect(body.error.details).toEqual({ photo: 'Le fichier dépasse la taille maximale de 0,5 Mo.' });
      expect(body.error.message).toBe(`Photo${NBSP}: le fichier dépasse la taille maximale de 0,5 Mo.`);
      // Under the limit still passes.
      expect(
        (await upload(bed.awa.members.cashier.token, bed.awa.shop.id, await pngImage(64, 64))).status,
      ).toBe(200);
    });
    // Back to the default limit, the same file is accepted.
    expect((await upload(bed.awa.members.cashier.token, bed.awa.shop.id, big)).status).toBe(200);
  });

  it('lets every role upload their own photo, and only their own', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Photos');
    const png = await pngImage(100, 100);
    const urls = new Set<string>();
    for (const role of AGENT_ROLES) {
      const { status, body } = await upload(team.members[role].token, team.shop.id, png);
      expect(status).toBe(200);
      expect(body.userId).toBe(team.members[role].user.id);
      expect((await agentRow(team.shop.id, team.members[role].user.id)).profilePictureUrl).toBe(
        body.profilePictureUrl,
      );
      urls.add(body.profilePictureUrl);
    }
    expect(urls.size).toBe(AGENT_ROLES.length);
  });

  it('answers 401 without token, 404 for another shop, 422 without shopId, 403 when blocked', async () => {
    const png = await pngImage(32, 32);
    expect((await upload(undefined, bed.awa.shop.id, png)).status).toBe(401);
    const outsider = await upload(bed.other.members.seller.token, bed.awa.shop.id, png);
    expect(outsider.status).toBe(404);
    const noShop = await upload(bed.awa.members.seller.token, undefined, png);
    expect(noShop.status).toBe(422);
    expect(noShop.body.error.details).toEqual({ shopId: 'L’identifiant de la boutique est obligatoire.' });
    const blocked = await createShopFixture(bed.database.db, 'Photos Bloquées');
    await blockShop(bed.database.db, blocked.shop.id);
    const refused = await upload(blocked.members.seller.token, blocked.shop.id, png);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SHOP_BLOCKED');
  });
});
