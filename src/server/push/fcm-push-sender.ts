import type { ServiceAccount } from 'firebase-admin/app';
import type { MulticastMessage } from 'firebase-admin/messaging';
import type { PushMessage, PushResult, PushSender } from './push-sender';
import { firebaseAdminApp } from '../firebase/admin-app';

/** FCM refuses more tokens than this in one multicast request. */
export const FCM_MULTICAST_LIMIT = 500;

/** The error codes meaning the device id will never work again, so the caller should forget it. */
const GONE_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/**
 * The one call this driver makes. firebase-admin's Messaging satisfies it; tests hand in a fake so
 * they never reach Google.
 */
export interface MulticastMessaging {
  sendEachForMulticast(message: MulticastMessage): Promise<{
    successCount: number;
    responses: Array<{ success: boolean; error?: { code: string } }>;
  }>;
}

export type MessagingFactory = () => Promise<MulticastMessaging>;

async function loadFirebaseMessaging(serviceAccount: ServiceAccount): Promise<MulticastMessaging> {
  // Imported here rather than at the top so the default log driver never loads firebase-admin.
  const { getMessaging } = await import('firebase-admin/messaging');
  return getMessaging(await firebaseAdminApp(serviceAccount));
}

export class FcmPushSender implements PushSender {
  readonly id = 'fcm' as const;
  private messaging: Promise<MulticastMessaging> | undefined;
  private readonly messagingFactory: MessagingFactory;

  constructor(serviceAccount: ServiceAccount, messagingFactory?: MessagingFactory) {
    this.messagingFactory = messagingFactory ?? (() => loadFirebaseMessaging(serviceAccount));
  }

  async send(tokens: string[], message: PushMessage): Promise<PushResult> {
    if (tokens.length === 0) return { sent: 0, invalidTokens: [] };
    const messaging = await this.getMessaging();
    let sent = 0;
    const invalidTokens: string[] = [];
    for (let start = 0; start < tokens.length; start += FCM_MULTICAST_LIMIT) {
      const chunk = tokens.slice(start, start + FCM_MULTICAST_LIMIT);
      const batch = await messaging.sendEachForMulticast({
        tokens: chunk,
        notification: { title: message.title, body: message.body },
        ...(message.data ? { data: message.data } : {}),
      });
      sent += batch.successCount;
      // Responses come back in the order of the tokens sent.
      batch.responses.forEach((response, i) => {
        const token = chunk[i];
        if (!response.success && token !== undefined && GONE_TOKEN_CODES.has(response.error?.code ?? '')) {
          invalidTokens.push(token);
        }
      });
    }
    return { sent, invalidTokens };
  }

  private getMessaging(): Promise<MulticastMessaging> {
    this.messaging ??= this.messagingFactory().catch((error: unknown) => {
      // Forget the failure so a later send tries again instead of failing forever.
      this.messaging = undefined;
      throw error;
    });
    return this.messaging;
  }
}
