import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { clients } from '@/server/db/schema/customer';

/**
 * Whether the shop's client with this phone still accepts marketing messages on `channel` (a STOP
 * withdraws it).
 */
export async function acceptsMarketingSms(
  db: Executor,
  shopId: string,
  phone: string,
  channel: 'sms' | 'whatsapp' = 'sms',
): Promise<boolean> {
  const consent = channel === 'whatsapp' ? clients.consentWhatsappAt : clients.consentSmsAt;
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.shopId, shopId), eq(clients.phone, phone), isNotNull(consent)));
  return !!row;
}

/**
 * A « STOP » from this phone, by SMS or on WhatsApp: that channel's consent is withdrawn in every
 * shop at once. The gateway's number is shared by the shops, so the reply does not say which one
 * it answers, and the law (Sénégal, loi 2008-12; Côte d'Ivoire) asks that nobody who said stop be
 * written to again. Answers how many clients it withdrew.
 */
export async function withdrawConsentEverywhere(
  db: Executor,
  phone: string,
  channel: 'sms' | 'whatsapp' = 'sms',
): Promise<number> {
  const whatsapp = channel === 'whatsapp';
  const withdrawn = await db
    .update(clients)
    .set(
      whatsapp
        ? { consentWhatsappAt: null, consentWhatsappSource: null, updatedAt: sql`now()` }
        : { consentSmsAt: null, consentSmsSource: null, updatedAt: sql`now()` },
    )
    .where(
      and(eq(clients.phone, phone), isNotNull(whatsapp ? clients.consentWhatsappAt : clients.consentSmsAt)),
    )
    .returning({ id: clients.id });
  return withdrawn.length;
}
