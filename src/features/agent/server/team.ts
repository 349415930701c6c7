import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { agents } from '@/server/db/schema/agent';
import { Errors } from '@/server/http/errors';
import { getEnv, publicUrl } from '@/server/env';
import { getLogger } from '@/server/logger';
import { runtime } from '@/server/runtime';
import { forgetCallers } from '@/server/tenancy/caller-cache';
import { createSmsGateway } from '@/server/sms/sms-gateway';
import { assertCanAddAgent } from '@/features/subscription/server/plan-quotas';
import { describeDetails } from '@/shared/validation';
import { toE164 } from '@/shared/phone';
import { ROLE_LABELS, type AgentRole } from '@/shared/roles';
import type { CountryCode } from 'libphonenumber-js';
import { lockShop } from '@/features/shop/server/shop.repository';
import { getUserByPhone, insertUser } from '@/features/user/server/user.repository';
import { createNotification } from '@/features/notification/server/create-notification';
import type { MembershipRow } from '@/server/tenancy/membership';
import { insertAgent, type AgentRow } from './agent.repository';

function refuse(field: string, message: string): never {
  const details = { [field]: message };
  throw Errors.validation(details, describeDetails(details));
}

function displayName(agent: Pick<AgentRow, 'firstName' | 'lastName' | 'phone'>): string {
  return [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.phone;
}

async function findAgentInShop(db: Database, shopId: string, agentId: string): Promise<AgentRow> {
  const [row] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.shopId, shopId)))
    .limit(1);
  if (!row) throw Errors.notFound('L’agent');
  return row;
}

/** The owner and the caller themself are out of reach: a shop must never lose its last admin. */
function assertMayChange(membership: MembershipRow, target: AgentRow, field: string): void {
  if (target.id === membership.agent.id) refuse(field, 'Vous ne pouvez pas modifier votre propre accès.');
  if (target.userId === membership.shop.sellerId)
    refuse(field, 'L’accès du propriétaire de la boutique ne peut pas être modifié.');
}

export interface InviteAgentInput {
  phone: string;
  role: AgentRole;
  firstName?: string;
  lastName?: string;
}

/**
 * Adds someone to the team by phone. Their user is created if they never signed in; they sign in
 * with the same phone and land in this shop. Someone deactivated before comes back with the new role.
 */
export async function inviteAgent(
  db: Database,
  membership: MembershipRow,
  input: InviteAgentInput,
): Promise<AgentRow> {
  const phone = toE164(input.phone, membership.shop.country as CountryCode);
  if (!phone) refuse('phone', 'Le numéro de téléphone n’est pas valide.');
  const firstName = input.firstName?.trim() || null;
  const lastName = input.lastName?.trim() || null;

  const agent = await db.transaction(async (tx) => {
    const shop = await lockShop(tx, membership.shop.id);
    const user = (await getUserByPhone(tx, phone)) ?? (await insertUser(tx, { phone, firstName, lastName }));
    const [existing] = await tx
      .select()
      .from(agents)
      .where(and(eq(agents.shopId, shop.id), eq(agents.userId, user.id)))
      .limit(1);
    if (existing?.isActive) refuse('phone', 'Cette personne fait déjà partie de l’équipe.');
    await assertCanAddAgent(tx, shop);
    if (existing) {
      const [row] = await tx
        .update(agents)
        .set({
          role: input.role,
          isActive: true,
          firstName: firstName ?? existing.firstName,
          lastName: lastName ?? existing.lastName,
        })
        .where(eq(agents.id, existing.id))
        .returning();
      return row!;
    }
    return insertAgent(tx, {
      shopId: shop.id,
      userId: user.id,
      role: input.role,
      phone,
      firstName: firstName ?? user.firstName,
      lastName: lastName ?? user.lastName,
      email: user.email,
    });
  });

  const roleLabel = ROLE_LABELS[input.role].label;
  await createNotification(db, membership.shop.id, {
    type: 'shop',
    link: '/parametres/general?section=equipe',
    capability: 'team:view',
    title: 'Nouvel agent',
    description: `${displayName(agent)} a rejoint l’équipe en tant que ${roleLabel}.`,
  });
  // The invitation is a courtesy: the agent exists whether or not the SMS leaves.
  try {
    await createSmsGateway().send({
      to: phone,
      body: `${displayName(membership.agent)} vous a ajouté(e) à l’équipe de « ${membership.shop.name} » sur ${getEnv().PRODUCT_NAME} (${roleLabel}). Connectez-vous avec ce numéro : ${publicUrl()}/login`,
    });
  } catch (error) {
    getLogger().warn({ err: error }, 'invitation SMS not sent');
  }
  return agent;
}

export async function changeAgentRole(
  db: Database,
  membership: MembershipRow,
  input: { agentId: string; role: AgentRole },
): Promise<AgentRow> {
  const target = await findAgentInShop(db, membership.shop.id, input.agentId);
  assertMayChange(membership, target, 'role');
  const [row] = await db.update(agents).set({ role: input.role }).where(eq(agents.id, target.id)).returning();
  // Their next request reads the new role; their open pages are told by role (notifications):
  // they join again under the new one.
  forgetCallers({ shopId: membership.shop.id, userId: target.userId });
  runtime.realtime?.refreshMembership(membership.shop.id, target.userId);
  return row!;
}

/** Deactivating keeps the agent's history; reactivating takes a seat of the plan again. */
export async function setAgentActive(
  db: Database,
  membership: MembershipRow,
  input: { agentId: string; isActive: boolean },
): Promise<AgentRow> {
  const row = await db.transaction(async (tx) => {
    const shop = await lockShop(tx, membership.shop.id);
    const [target] = await tx
      .select()
      .from(agents)
      .where(and(eq(agents.id, input.agentId), eq(agents.shopId, shop.id)))
      .limit(1);
    if (!target) throw Errors.notFound('L’agent');
    assertMayChange(membership, target, 'isActive');
    if (target.isActive === input.isActive) return target;
    if (input.isActive) await assertCanAddAgent(tx, shop);
    const [row] = await tx
      .update(agents)
      .set({ isActive: input.isActive })
      .where(eq(agents.id, target.id))
      .returning();
    return row!;
  });
  // A deactivated agent's open pages stop hearing the shop (their join is refused from now on); a
  // reactivated one's join again.
  forgetCallers({ shopId: membership.shop.id, userId: row.userId });
  runtime.realtime?.refreshMembership(membership.shop.id, row.userId);
  return row;
}
