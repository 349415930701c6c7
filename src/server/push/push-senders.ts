import { getEnv } from '../env';
import { readServiceAccount } from '../firebase/admin-app';
import { FcmPushSender } from './fcm-push-sender';
import { LogPushSender } from './log-push-sender';
import type { PushSender } from './push-sender';

/**
 * Kept on globalThis, like runtime.ts's singletons: server.ts and Next's API routes are bundled
 * separately, and one sender per process means firebase-admin is set up once.
 */
const holder = globalThis as typeof globalThis & { __comptoirPushSender?: PushSender };

export function createPushSender(): PushSender {
  holder.__comptoirPushSender ??= buildPushSender();
  return holder.__comptoirPushSender;
}

/** Tests change PUSH_DRIVER between cases; production never calls this. */
export function resetPushSenderCache(): void {
  holder.__comptoirPushSender = undefined;
}

function buildPushSender(): PushSender {
  const env = getEnv();
  switch (env.PUSH_DRIVER) {
    case 'fcm':
      return new FcmPushSender(readServiceAccount(env.FIREBASE_SERVICE_ACCOUNT, 'PUSH_DRIVER=fcm'));
    default:
      return new LogPushSender();
  }
}
