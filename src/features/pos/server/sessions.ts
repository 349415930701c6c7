import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { cashSessions, tills } from '@/server/db/schema/pos';
import { Errors } from '@/server/http/errors';
import { can } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import type { MembershipRow } from '@/server/tenancy/membership';
import { findPeople } from '@/features/user/server/user.repository';
import type { CashSession, ZReport } from '../pos.schemas';
import { findSession } from './session-ops';
import { computeZReport, runningExpectedCash, toCashSessionDto } from './z-report';

const PAGE = 30;

/** A seller or cashier sees the sessions they opened; managers see every till's. */
function ownOnly(membership: MembershipRow): boolean {
  return !can(membership.agent.role as AgentRole, 'pos:approve');
}

export async function listSessions(
  db: Executor,
  membership: MembershipRow,
  userId: string,
  query: { tillId?: string; after?: string },
): Promise<{ items: CashSession[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(cashSessions.shopId, membership.shop.id)];
  if (query.tillId) conditions.push(eq(cashSessions.tillId, query.tillId));
  if (ownOnly(membership)) conditions.push(eq(cashSessions.openedByUserId, userId));
  if (query.after) {
    const after = new Date(query.after);
    if (Number.isNaN(after.getTime())) throw Errors.validation({ after: 'Curseur invalide.' });
    conditions.push(lt(cashSessions.openedAt, after));
  }
  const rows = await db
    .select({ session: cashSessions, tillName: tills.name })
    .from(cashSessions)
    .innerJoin(tills, eq(tills.id, cashSessions.tillId))
    .where(and(...conditions))
    .orderBy(desc(cashSessions.openedAt))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const people = await findPeople(
    db,
    page.flatMap((r) => [r.session.openedByUserId, r.session.closedByUserId]),
  );
  const running = await runningExpectedCash(
    db,
    page.filter((r) => r.session.status === 'open').map((r) => r.session),
  );
  return {
    items: page.map((r) =>
      toCashSessionDto(r.session, r.tillName, people, running.get(r.session.id) ?? r.session.expectedCash),
    ),
    nextCursor: rows.length > PAGE ? page.at(-1)!.session.openedAt.toISOString() : null,
  };
}

/** The Z report kept at closing, or the running figures (X report) of an open session. */
export async function sessionReport(
  db: Executor,
  membership: MembershipRow,
  userId: string,
  sessionId: string,
): Promise<ZReport> {
  const session = await findSession(db, membership.shop.id, sessionId);
  if (!session || (ownOnly(membership) && session.openedByUserId !== userId))
    throw Errors.notFound('La session de caisse');
  if (session.zReport) return session.zReport as unknown as ZReport;
  const [till] = await db
    .select({ name: tills.name })
    .from(tills)
    .where(inArray(tills.id, [session.tillId]));
  return computeZReport(db, session, membership.shop.currency, till?.name ?? '');
}

/** A cash session was ever opened in the shop (Accueil's « Ouvrir la caisse », done once). */
export async function hasOpenedCashSession(db: Executor, shopId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cashSessions.id })
    .from(cashSessions)
    .where(eq(cashSessions.shopId, shopId))
    .limit(1);
  return !!row;
}
