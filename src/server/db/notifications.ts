import { getLogger } from '../logger';

/** What a listener is told: each payload, and whether it hears the channel right now. */
export interface ChannelHandlers {
  onNotify: (payload: string) => void;
  /** true once LISTEN is in place; false when the connection is lost (changes may go unheard). */
  onHearing: (hearing: boolean) => void;
}

/** Stops listening (and hearing: onHearing(false)). */
export type StopListening = () => Promise<void>;

const RETRY_MS = [250, 1_000, 5_000];

/**
 * LISTEN on PostgreSQL, on a connection of its own (a pooled one is handed to other queries between
 * two notifications). A lost connection (server restart, failover) says so at once and is opened
 * again, with growing pauses, for as long as the process wants to listen.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<StopListening> {
  const { default: pg } = await import('pg');
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let attempt = 0;

  const lost = (error?: unknown) => {
    if (stopped) return;
    handlers.onHearing(false);
    if (error) getLogger().warn({ err: error, channel }, 'listening connection lost');
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = null;
    if (!retry) retry = setTimeout(() => void connect(), RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
  };

  const connect = async () => {
    retry = null;
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      attempt = 0;
      handlers.onHearing(true);
    } catch (error) {
      client = next;
      lost(error);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    handlers.onHearing(false);
    const open = client;
    client = null;
    open?.removeAllListeners();
    await open?.end().catch(() => {});
  };
}

/** LISTEN on PGlite: its notifications come in the same process, as each statement completes. */
export async function listenPglite(
  client: { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> },
  channel: string,
  handlers: ChannelHandlers,
): Promise<StopListening> {
  const unlisten = await client.listen(channel, handlers.onNotify);
  handlers.onHearing(true);
  return async () => {
    handlers.onHearing(false);
    await unlisten();
  };
}
