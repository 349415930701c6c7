import fs from 'node:fs';
import type { App, ServiceAccount } from 'firebase-admin/app';
import { getEnv } from '../env';

/** A named app, so it never collides with a default app another library might initialise. */
const APP_NAME = 'comptoir';

/**
 * The one firebase-admin app of the process, shared by push (FCM) and sign-in (ID tokens): made
 * with the service account when FIREBASE_SERVICE_ACCOUNT is set; verifying ID tokens needs only the
 * project id (Google's public keys, or none at all against the Auth emulator).
 * Imported on first use so that a server using neither never loads firebase-admin.
 */
export async function firebaseAdminApp(serviceAccount?: ServiceAccount): Promise<App> {
  const { cert, getApps, initializeApp } = await import('firebase-admin/app');
  const existing = getApps().find((a) => a.name === APP_NAME);
  if (existing) return existing;
  const env = getEnv();
  const account =
    serviceAccount ??
    (env.FIREBASE_SERVICE_ACCOUNT?.trim()
      ? readServiceAccount(env.FIREBASE_SERVICE_ACCOUNT, 'IDENTITY_PROVIDER=firebase')
      : undefined);
  const projectId = env.FIREBASE_PROJECT_ID || account?.projectId;
  return initializeApp(
    { ...(account ? { credential: cert(account) } : {}), ...(projectId ? { projectId } : {}) },
    APP_NAME,
  );
}

/**
 * FIREBASE_SERVICE_ACCOUNT holds either the JSON itself (handy for container secrets) or the path
 * of the file downloaded from the Firebase console. Checked here, when the sender is built, so a bad
 * setting gives a clear French error naming the variable instead of an obscure firebase-admin one.
 */
export function readServiceAccount(setting: string | undefined, neededBy: string): ServiceAccount {
  const value = setting?.trim();
  if (!value)
    throw new Error(`${neededBy} demande FIREBASE_SERVICE_ACCOUNT (fichier ou JSON du compte de service).`);

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
