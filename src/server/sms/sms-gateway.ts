import fs from 'node:fs/promises';
import path from 'node:path';
import { getEnv } from '../env';
import { getLogger } from '../logger';
import { smsText } from '@/shared/sms-parts';

export interface SmsMessage {
  to: string; // E.164
  body: string;
}

/** What the gateway said of a message it took: its own id, when it gives one (delivery reports name it). */
export interface SmsSent {
  providerId: string | null;
}

export interface SmsGateway {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsSent>;
}

const NO_ID: SmsSent = { providerId: null };

/** The message id in a provider's JSON answer, under the names providers use for it. */
export function providerIdOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  for (const key of ['id', 'messageId', 'message_id', 'sid'])
    if (typeof record[key] === 'string' || typeof record[key] === 'number') return String(record[key]);
  return null;
}

/** Default: the message goes to the server log, which is how the demo shows its sign-in codes. */
class ConsoleSmsGateway implements SmsGateway {
  readonly name = 'console';
  async send(message: SmsMessage): Promise<SmsSent> {
    getLogger().info({ sms: { to: message.to } }, `SMS pour ${message.to} : ${message.body}`);
    return NO_ID;
  }
}

/** Appends each message as a JSON line; the e2e tests read sign-in codes from it. */
class FileSmsGateway implements SmsGateway {
  readonly name = 'file';
  constructor(private readonly filePath: string) {}
  async send(message: SmsMessage): Promise<SmsSent> {
    await fs.mkdir(path.dirname(this.filePath), { recursive: true });
    await fs.appendFile(
      this.filePath,
      `${JSON.stringify({ ...message, sentAt: new Date().toISOString() })}\n`,
    );
    return NO_ID;
  }
}

// What leaves for the gateway: shared with the composer, which counts the parts of that text.
export { smsText };

/**
 * A generic JSON POST, for whichever SMS provider the deployment uses. The message id in its JSON
 * answer (`id`, `messageId`, `message_id` or `sid`) is kept, so its delivery reports
 * (POST /api/sms/status) find the message.
 */
class HttpSmsGateway implements SmsGateway {
  readonly name = 'http';
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly sender: string,
  ) {}
  async send(message: SmsMessage): Promise<SmsSent> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to: message.to, from: this.sender, text: smsText(message.body) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`La passerelle SMS a répondu ${response.status}`);
    const answer = await response.json().catch(() => null);
    return { providerId: providerIdOf(answer) };
  }
}

export function createSmsGateway(): SmsGateway {
  const env = getEnv();
  switch (env.SMS_DRIVER) {
    case 'file':
      return new FileSmsGateway(env.SMS_FILE_PATH ?? path.join(env.DATA_DIR, 'sms.jsonl'));
    case 'http':
      if (!env.SMS_HTTP_URL) throw new Error('SMS_DRIVER=http demande SMS_HTTP_URL.');
      return new HttpSmsGateway(env.SMS_HTTP_URL, env.SMS_HTTP_TOKEN, env.SMS_SENDER);
    default:
      return new ConsoleSmsGateway();
  }
}
