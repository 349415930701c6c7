import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions } from 'socket.io';
import { verifyAccessToken, type SessionRef } from '../auth/access-token';
import { getDb } from '../db';
import { Errors } from '../http/errors';
import { getLogger } from '../logger';
import { runtime } from '../runtime';
import { findSessionUser, findSessionUserWithMembership } from '../tenancy/membership';
import { AGENT_ROLES } from '@/shared/roles';

export const shopRoom = (shopId: string) => `shop:${shopId}`;
/** A shop's sockets by their agent's role and by user: who sees a notification is decided by role. */
const shopRoleRoom = (shopId: string, role: string) => `shop:${shopId}:role:${role}`;
const shopUserRoom = (shopId: string, userId: string) => `shop:${shopId}:user:${userId}`;
export const MEMBERSHIP_CHANGED_EVENT = 'membershipChanged';
/** Every socket of one sign-in, so that revoking it closes them (see RealtimeEmitter). */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const SIGNED_OUT = Errors.unauthenticated().message;

export interface JoinAck {
  ok: boolean;
  error?: string;
}

/**
 * socket.io on the app's own HTTP server. A socket authenticates with its API access token, whose
 * sign-in must still be open, and may join only the rooms of shops its user is an active agent of.
 * Revoking a sign-in disconnects its sockets.
 */
export function attachRealtime(
  httpServer: HttpServer,
  /** Shared rooms across servers (redis-adapter.ts); none: this server's own, as one server needs. */
  adapter?: ServerOptions['adapter'],
): Server {
  const io = new Server(httpServer, {
    serveClient: false,
    cors: { origin: false },
    ...(adapter ? { adapter } : {}),
  });

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown })?.token;
    const verified = typeof token === 'string' ? await verifyAccessToken(token) : null;
    if (!verified) return next(new Error(SIGNED_OUT));
    const session: SessionRef = { userId: verified.userId, sessionId: verified.sessionId };
    try {
      if (!(await findSessionUser(getDb(), session))) return next(new Error(SIGNED_OUT));
    } catch (error) {
      getLogger().error({ err: error }, 'socket authentication failed');
      return next(new Error('Une erreur est survenue.'));
    }
    socket.data.session = session;
    next();
  });

  io.on('connection', (socket) => {
    void socket.join(sessionRoom((socket.data.session as SessionRef).sessionId));
    socket.on('joinShop', async (payload: unknown, ack?: (answer: JoinAck) => void) => {
      const shopId = (payload as { shopId?: unknown })?.shopId;
      const reply = typeof ack === 'function' ? ack : () => {};
      if (typeof shopId !== 'string' || !shopId)
        return reply({ ok: false, error: 'L’identifiant de la boutique est obligatoire.' });
      try {
        // The session is checked again: a socket outlives the access token it connected with.
        const { user, membership } = await findSessionUserWithMembership(
          getDb(),
          socket.data.session as SessionRef,
          shopId,
        );
        if (!user) return reply({ ok: false, error: SIGNED_OUT });
        if (!membership) return reply({ ok: false, error: 'La boutique est introuvable.' });
        // A second join (after membershipChanged) must not leave the socket in its former role's room.
        const former = [...socket.rooms].filter((room) => room.startsWith(`${shopRoom(shopId)}:role:`));
        for (const room of former) await socket.leave(room);
        await socket.join([
          shopRoom(shopId),
          shopRoleRoom(shopId, membership.agent.role),
          shopUserRoom(shopId, user.id),
        ]);
        reply({ ok: true });
      } catch (error) {
        getLogger().error({ err: error }, 'joinShop failed');
        reply({ ok: false, error: 'Une erreur est survenue.' });
      }
    });
    socket.on('leaveShop', async (payload: unknown) => {
      const shopId = (payload as { shopId?: unknown })?.shopId;
      if (typeof shopId !== 'string') return;
      for (const room of [...socket.rooms])
        if (room === shopRoom(shopId) || room.startsWith(`${shopRoom(shopId)}:`)) await socket.leave(room);
    });
  });

  runtime.realtime = {
    emitToShop: (shopId, event, payload) => io.to(shopRoom(shopId)).emit(event, payload),
    emitToShopAudience: (shopId, event, payload, { roles, exceptUserId }) => {
      if (roles.length === 0) return;
      const to = io.to(roles.map((role) => shopRoleRoom(shopId, role)));
      (exceptUserId ? to.except(shopUserRoom(shopId, exceptUserId)) : to).emit(event, payload);
    },
    refreshMembership: (shopId, userId) => {
      const sockets = io.in(shopUserRoom(shopId, userId));
      // Out of the shop's rooms first; the join the event prompts is checked like the first one.
      sockets.socketsLeave([shopRoom(shopId), ...AGENT_ROLES.map((role) => shopRoleRoom(shopId, role))]);
      sockets.emit(MEMBERSHIP_CHANGED_EVENT, { shopId });
    },
    disconnectSessions: (sessionIds) => {
      if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
  };
  return io;
}
