import { getLogger } from '../logger';
import type { PushMessage, PushResult, PushSender } from './push-sender';

/**
 * Default driver: the message goes to the server log, so the demo and development work without a
 * Firebase project. Tokens are not logged (they are device credentials), only their count.
 */
export class LogPushSender implements PushSender {
  readonly id = 'log' as const;

  async send(tokens: string[], message: PushMessage): Promise<PushResult> {
    getLogger().info(
      { push: { tokens: tokens.length, title: message.title } },
      `Notification push pour ${tokens.length} appareil(s) : ${message.title}`,
    );
    return { sent: tokens.length, invalidTokens: [] };
  }
}
