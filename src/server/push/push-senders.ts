import fs from 'node:fs';
import type { ServiceAccount } from 'firebase-admin/app';
import { getEnv } from '../env';
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
      return new FcmPushSender(readServiceAccount(env.FIREBASE_SERVICE_ACCOUNT));
    default:
      return new LogPushSender();
  }
}

/**
 * FIREBASE_SERVICE_ACCOUNT holds either the JSON itself (handy for container secrets) or the path
 * of the file downloaded from the Firebase console. Checked here, when the sender is built, so a bad
 * setting gives a clear French error naming the variable instead of an obscure firebase-admin one.
 */
function readServiceAccount(setting: string | undefined): ServiceAccount {
  const value = setting?.trim();
  if (!value)
    throw new Error(
      'PUSH_DRIVER=fcm demande FIREBASE_SERVICE_ACCOUNT (fichier ou JSON du compte de service).',
    );

  let text: string;
  let source: string;
  if (value.startsWith('{')) {
    text = value;
    source = 'le JSON de FIREBASE_SERVICE_ACCOUNT';
  } else {
    source = `le fichier FIREBASE_SERVICE_ACCOUNT (${value})`;
    try {
      text = fs.readFileSync(value, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new Error(`Impossible de lire ${source} : ${code}.`);
    }
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's message quotes the text, which holds the private key: it stays out of the error.
    throw new Error(`${capitalize(source)} n’est pas un JSON valide.`);
  }
  if (typeof parsed !== 'object' || parsed === null) {
    throw new Error(`${capitalize(source)} n’est pas un objet JSON.`);
  }

  // The console's file uses snake_case; firebase-admin's ServiceAccount type is camelCase.
  const json = parsed as Record<string, unknown>;
  const field = (snake: string, camel: string): string | undefined => {
    const v = json[snake] ?? json[camel];
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const account = {
    projectId: field('project_id', 'projectId'),
    clientEmail: field('client_email', 'clientEmail'),
    privateKey: field('private_key', 'privateKey'),
  };
  const missing = [
    account.projectId ? null : 'project_id',
    account.clientEmail ? null : 'client_email',
    account.privateKey ? null : 'private_key',
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) {
    throw new Error(`${capitalize(source)} ne contient pas ${missing.join(', ')}.`);
  }
  return account;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
