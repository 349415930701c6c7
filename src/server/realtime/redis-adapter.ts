import { createAdapter } from '@socket.io/redis-adapter';
import { createClient, type RedisClientType } from 'redis';
import { getLogger } from '../logger';

/**
 * socket.io's Redis adapter: an event a server sends to a room reaches the sockets of that room on
 * every server (a toast for an order made through server A, shown to a browser connected to B),
 * and leaving rooms or disconnecting a sign-in's sockets does too. Redis pub/sub rather than the
 * PostgreSQL adapter: it is what the socket.io team maintains first, it keeps real-time traffic
 * off the database every request needs, and the machine runs Redis already.
 */
export async function redisAdapter(url: string) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub])
    client.on('error', (error: unknown) => getLogger().warn({ err: error }, 'redis (socket.io)'));
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub),
    /** For commands (rate limits): the publishing connection takes them, the subscribed one cannot. */
    client: pub as unknown as RedisClientType,
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
