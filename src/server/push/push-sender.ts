/**
 * Sends a notification to the native app's registered devices (their ids come from
 * POST /api/shop/setFcmId). Configuration chooses the driver: `log` (default) or `fcm`.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** String values only: that is what FCM carries. */
  data?: Record<string, string>;
}

export interface PushResult {
  sent: number;
  /** Device ids the service says are gone: the caller forgets them. */
  invalidTokens: string[];
}

export interface PushSender {
  id: 'log' | 'fcm';
  send(tokens: string[], message: PushMessage): Promise<PushResult>;
}
