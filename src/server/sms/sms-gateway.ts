import fs from 'node:fs/promises';
import path from 'node:path';
import { getEnv } from '../env';
import { getLogger } from '../logger';
import { smsText } from '@/shared/sms-parts';

export interface SmsMessage {
  to: string; // E.164
  body: string;
}

export interface SmsGateway {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Default: the message goes to the server log, which is how the demo shows its sign-in codes. */
class ConsoleSmsGateway implements SmsGateway {
  readonly name = 'console';
  async send(message: SmsMessage): Promise<void> {
    getLogger().info({ sms: { to: message.to } }, `SMS pour ${message.to} : ${message.body}`);
  }
}

/** Appends each message as a JSON line; the e2e tests read sign-in codes from it. */
class FileSmsGateway implements SmsGateway {
  readonly name = 'file';
  constructor(private readonly filePath: string) {}
  async send(message: SmsMessage): Promise<void> {
    await fs.mkdir(path.dirname(this.filePath), { recursive: true });
    await fs.appendFile(
      this.filePath,
      `${JSON.stringify({ ...message, sentAt: new Date().toISOString() })}\n`,
    );
  }
}

// What leaves for the gateway: shared with the composer, which counts the parts of that text.
export { smsText };

/** A generic JSON POST, for whichever SMS provider the deployment uses. */
class HttpSmsGateway implements SmsGateway {
  readonly name = 'http';
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly sender: string,
  ) {}
  async send(message: SmsMessage): Promise<void> {
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
