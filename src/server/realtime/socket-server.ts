import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { verifyAccessToken, type SessionRef } from '../auth/access-token';
import { getDb } from '../db';
import { Errors } from '../http/errors';
import { getLogger } from '../logger';
import { runtime } from '../runtime';
import { findSessionUser, findSessionUserWithMembership } from '../tenancy/membership';

export const shopRoom = (shopId: string) => `shop:${shopId}`;
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
export function attachRealtime(httpServer: HttpServer): Server {
  const io = new Server(httpServer, { serveClient: false, cors: { origin: false } });

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
        await socket.join(shopRoom(shopId));
        reply({ ok: true });
      } catch (error) {
        getLogger().error({ err: error }, 'joinShop failed');
        reply({ ok: false, error: 'Une erreur est survenue.' });
      }
    });
    socket.on('leaveShop', async (payload: unknown) => {
      const shopId = (payload as { shopId?: unknown })?.shopId;
      if (typeof shopId === 'string') await socket.leave(shopRoom(shopId));
    });
  });

  runtime.realtime = {
    emitToShop: (shopId, event, payload) => io.to(shopRoom(shopId)).emit(event, payload),
    disconnectSessions: (sessionIds) => {
      if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
  };
  return io;
}
