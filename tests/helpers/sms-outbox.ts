import fs from 'node:fs';
import { getEnv } from '@/server/env';

/** The SMS the file driver wrote to `phone` (the test servers' gateway), oldest first. */
export function smsSentTo(phone: string): Array<{ to: string; body: string }> {
  const file = getEnv().SMS_FILE_PATH!;
  return (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; body: string })
    .filter((m) => m.to === phone);
}
