import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { executePrepared, type Database, type Executor } from '@/server/db';
import { loyaltyCodes, loyaltyEntries } from '@/server/db/schema/loyalty';
import { authSecret } from '@/server/env';
import { AppError, Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import { findCustomerByPhone } from '@/features/customer/server/customers';
import { sendShopSms } from '@/features/shop/server/shop-sms';
import { pointsText, type LoyaltyRules } from '../loyalty.constants';
import { activeRules } from './program';

/*
 * A buyer of the online shop spends their points only once they prove they hold the phone the
 * points are on: a code sent there by SMS. The code is checked as often as the checkout is drawn
 * (a right code costs nothing; a wrong one costs a try), and taken by one order only: claimed
 * just before the order is placed, given back if the order is refused, so a buyer can retry.
 */

export const POINTS_CODE_MINUTES = 10;
export const POINTS_CODE_TRIES = 5;
export const POINTS_CODES_PER_HOUR = 3;

/** What the checkout names in every refusal: the code's field. */
const FIELD = 'pointsCode';
const refusal = (message: string) => Errors.validation({ [FIELD]: message }, message);

/**
 * The refusal of a code an order already took, told apart: a double tap's twin request finds its
 * code taken by its own order, which the checkout then answers again instead of refusing.
 */
export const POINTS_CODE_TAKEN = 'POINTS_CODE_TAKEN';

const NO_PROGRAMME = 'La boutique n’a pas de programme de fidélité actif.';
export const CODE_TAKEN_WORDS = 'Ce code a déjà servi pour une commande. Demandez-en un nouveau.';

/**
 * The same words whether the number is no client's, holds no points or too few: whoever typed it
 * has not proved it is theirs, so they learn nothing of its owner (name, balance).
 */
function notEnoughPoints(rules: LoyaltyRules): string {
  return `Ce numéro n’a pas assez de points de fidélité : il en faut au moins ${rules.minRedeem.toLocaleString('fr-FR')} pour payer avec.`;
}

/** Keyed by the server's secret and salted by shop and phone: a leaked table gives away no code. */
function codeHash(shopId: string, phone: string, code: string): string {
  return createHmac('sha256', authSecret()).update(`loyalty:${shopId}:${phone}:${code}`).digest('hex');
}

/**
 * Sends a 6-digit code to `phone` (E.164) when the shop's programme is on and the number holds
 * enough points to spend; refuses, with the reason, on the field `pointsCode`. The SMS is the
 * shop's (counted in its plan).
 */
export async function sendPointsCode(
  db: Database,
  shop: { id: string },
  phone: string,
): Promise<{ expiresInMinutes: number }> {
  const rules = await activeRules(db, shop.id);
  if (!rules) throw refusal(NO_PROGRAMME);
  const client = await findCustomerByPhone(db, shop.id, phone);
  if (!client || client.loyaltyPoints < rules.minRedeem) throw refusal(notEnoughPoints(rules));

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = newId();
  await db.transaction(async (tx) => {
    // Two requests at once for one number count each other: the hourly limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`loyalty-code:${shop.id}:${phone}`}))`);
    const [recent] = await executePrepared<{ sent: number; wait_seconds: number | null }>(
      tx,
      sql`select count(*)::int as sent,
          extract(epoch from min(created_at) + interval '1 hour' - now())::int as wait_seconds
        from loyalty_codes
        where shop_id = ${shop.id} and phone = ${phone} and created_at > now() - interval '1 hour'`,
    );
    if (Number(recent?.sent ?? 0) >= POINTS_CODES_PER_HOUR) {
      const minutes = Math.max(1, Math.ceil(Number(recent?.wait_seconds ?? 3600) / 60));
      throw Errors.rateLimited(
        `Vous avez déjà demandé ${POINTS_CODES_PER_HOUR} codes pour ce numéro en une heure : réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
      );
    }
    await tx.insert(loyaltyCodes).values({
      id,
      shopId: shop.id,
      phone,
      codeHash: codeHash(shop.id, phone, code),
      expiresAt: sql`now() + ${POINTS_CODE_MINUTES}::int * interval '1 minute'`,
    });
  });
  try {
    await sendShopSms(db, shop.id, {
      phone,
      purpose: 'loyalty_code',
      what: 'les codes de fidélité',
      body: (s) =>
        `${s.name} : votre code pour utiliser vos points de fidélité est ${code}. Il expire dans ${POINTS_CODE_MINUTES} minutes.`,
    });
  } catch (error) {
    // A code nobody received neither counts in the hour's three nor stays usable.
    await db.delete(loyaltyCodes).where(and(eq(loyaltyCodes.shopId, shop.id), eq(loyaltyCodes.id, id)));
    // The plan's words are for the shop; the buyer can only order without their points.
    if (error instanceof AppError && error.code === 'QUOTA_EXCEEDED')
      throw refusal(
        'La boutique ne peut pas envoyer de code par SMS pour le moment : commandez sans vos points, ou contactez-la.',
      );
    throw error;
  }
  return { expiresInMinutes: POINTS_CODE_MINUTES };
}

/** A code that proved the phone: the client's points and the programme's rules, as now. */
export interface ProvenPoints {
  codeId: string;
  clientId: string;
  points: number;
  rules: LoyaltyRules;
}

/**
 * Whether `code` is the live code of `phone` (E.164): the newest sent, unused, unexpired, with
 * tries left. A wrong code costs a try, counted by the statement that compares, so tries sent at
 * once cannot pass the limit; the fifth voids the code. Refuses on the field `pointsCode`. Marks
 * nothing used: see claimPointsCode.
 */
export async function checkPointsCode(
  db: Executor,
  shopId: string,
  phone: string,
  code: string,
): Promise<ProvenPoints> {
  const rules = await activeRules(db, shopId);
  if (!rules) throw refusal(NO_PROGRAMME);
  if (!/^\d{6}$/.test(code)) throw refusal('Le code reçu par SMS a 6 chiffres.');
  const hash = codeHash(shopId, phone, code);
  const [tried] = await executePrepared<{ id: string; matched: boolean; attempts: number }>(
    db,
    sql`update loyalty_codes c
      set attempts = c.attempts + case when c.code_hash = ${hash} then 0 else 1 end
      where c.id = (
          select id from loyalty_codes where shop_id = ${shopId} and phone = ${phone}
          order by created_at desc, id desc limit 1
        )
        and c.shop_id = ${shopId} and c.used_at is null and c.expires_at > now()
        and c.attempts < ${POINTS_CODE_TRIES}
      returning c.id, c.code_hash = ${hash} as matched, c.attempts`,
  );
  if (!tried) {
    const why = await whyNoLiveCode(db, shopId, phone);
    if (why.isTaken) throw new AppError(POINTS_CODE_TAKEN, 422, why.message, { [FIELD]: why.message });
    throw refusal(why.message);
  }
  if (!tried.matched) {
    const left = POINTS_CODE_TRIES - Number(tried.attempts);
    throw refusal(
      left > 0
        ? `Ce code n’est pas le bon. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`
        : 'Ce code n’est pas le bon, et c’était le dernier essai : demandez un nouveau code.',
    );
  }
  const client = await findCustomerByPhone(db, shopId, phone);
  if (!client) throw refusal(notEnoughPoints(rules));
  // The phone is proven: its holder may read their own balance.
  if (client.loyaltyPoints < rules.minRedeem)
    throw refusal(
      `Vous avez ${pointsText(client.loyaltyPoints)} : il en faut au moins ${rules.minRedeem.toLocaleString('fr-FR')} pour payer avec.`,
    );
  return { codeId: tried.id, clientId: client.id, points: client.loyaltyPoints, rules };
}

async function whyNoLiveCode(
  db: Executor,
  shopId: string,
  phone: string,
): Promise<{ message: string; isTaken: boolean }> {
  const [latest] = await db
    .select({
      usedAt: loyaltyCodes.usedAt,
      attempts: loyaltyCodes.attempts,
      isExpired: sql<boolean>`${loyaltyCodes.expiresAt} <= now()`,
    })
    .from(loyaltyCodes)
    .where(and(eq(loyaltyCodes.shopId, shopId), eq(loyaltyCodes.phone, phone)))
    .orderBy(desc(loyaltyCodes.createdAt), desc(loyaltyCodes.id))
    .limit(1);
  const because = (message: string) => ({ message, isTaken: false });
  if (!latest) return because('Demandez d’abord un code : il est envoyé par SMS au numéro indiqué.');
  if (latest.usedAt) return { message: CODE_TAKEN_WORDS, isTaken: true };
  if (latest.attempts >= POINTS_CODE_TRIES)
    return because('Trop d’essais : ce code n’est plus valable. Demandez-en un nouveau.');
  return because('Ce code a expiré. Demandez-en un nouveau.');
}

/**
 * Takes a proven code for one order, just before it is placed: false when another order took it
 * (or it expired, or was voided, meanwhile). One statement: two orders cannot both take it.
 */
export async function claimPointsCode(db: Executor, shopId: string, codeId: string): Promise<boolean> {
  const rows = await executePrepared<{ id: string }>(
    db,
    sql`update loyalty_codes set used_at = now()
      where shop_id = ${shopId} and id = ${codeId} and used_at is null and expires_at > now()
        and attempts < ${POINTS_CODE_TRIES}
      returning id`,
  );
  return rows.length === 1;
}

/** The order it was claimed for was refused: the buyer may correct it and use the code again. */
export async function releasePointsCode(db: Executor, shopId: string, codeId: string): Promise<void> {
  await db
    .update(loyaltyCodes)
    .set({ usedAt: null })
    .where(and(eq(loyaltyCodes.shopId, shopId), eq(loyaltyCodes.id, codeId)));
}

/** What points paid on an order (its one redemption), for the buyer's confirmation. */
export async function pointsPaidOnOrder(db: Executor, shopId: string, orderId: string): Promise<number> {
  const [row] = await db
    .select({ amount: loyaltyEntries.amount })
    .from(loyaltyEntries)
    .where(
      and(
        eq(loyaltyEntries.shopId, shopId),
        eq(loyaltyEntries.orderId, orderId),
        eq(loyaltyEntries.kind, 'redeem'),
      ),
    );
  return Number(row?.amount ?? 0);
}
