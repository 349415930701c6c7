import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { verifyAccessToken } from '../auth/access-token';
import { getDb } from '../db';
import { getLogger } from '../logger';
import { runtime } from '../runtime';
import { findActiveMembership } from '../tenancy/membership';

export const shopRoom = (shopId: string) => `shop:${shopId}`;

export interface JoinAck {
  ok: boolean;
  error?: string;
}

/**
 * socket.io on the app's own HTTP server. A socket authenticates with its API access token and
 * may join only the rooms of shops its user is an active agent of.
 */
export function attachRealtime(httpServer: HttpServer): Server {
  const io = new Server(httpServer, { serveClient: false, cors: { origin: false } });

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown })?.token;
    const userId = typeof token === 'string' ? await verifyAccessToken(token) : null;
    if (!userId) return next(new Error('Vous devez être connecté(e) pour continuer.'));
    socket.data.userId = userId;
    next();
  });

  io.on('connection', (socket) => {
    socket.on('joinShop', async (payload: unknown, ack?: (answer: JoinAck) => void) => {
      const shopId = (payload as { shopId?: unknown })?.shopId;
      const reply = typeof ack === 'function' ? ack : () => {};
      if (typeof shopId !== 'string' || !shopId)
        return reply({ ok: false, error: 'L’identifiant de la boutique est obligatoire.' });
      try {
        const membership = await findActiveMembership(getDb(), socket.data.userId as string, shopId);
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

  runtime.realtime = { emitToShop: (shopId, event, payload) => io.to(shopRoom(shopId)).emit(event, payload) };
  return io;
}
