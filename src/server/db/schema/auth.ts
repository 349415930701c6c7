import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user';
import { createdAt } from './columns';

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_codes_phone_idx').on(t.phone, t.createdAt),
    index('otp_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * One row per sign-in (a browser, a phone, a till). Its id is the `sid` carried by the next-auth
 * cookie and by every API access token minted from it; a session with `revoked_at` set no longer
 * answers anywhere. Written by the auth module; read by src/server/tenancy with the caller's row,
 * in the one query every request already makes.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // « Tous les appareils » revokes the sessions still open, by user.
  (t) => [
    index('auth_sessions_user_open_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
