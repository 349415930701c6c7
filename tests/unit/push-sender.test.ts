import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { getLogger } from '@/server/logger';
import { pushDevices, agents } from '@/server/db/schema';
import { upsertPushDevice } from '@/server/push/push-devices';
import { FcmPushSender, type MulticastMessaging } from '@/server/push/fcm-push-sender';
import { LogPushSender } from '@/server/push/log-push-sender';
import type { PushMessage, PushResult, PushSender } from '@/server/push/push-sender';
import { createPushSender, resetPushSenderCache } from '@/server/push/push-senders';
import { deliverPush, pushJob } from '@/server/push/push-to-shop';
import { createNotification } from '@/features/notification/server/create-notification';
import { startTestDatabase, type TestDatabase } from '../helpers/test-database';
import { createShopFixture } from '../helpers/fixtures';

const message: PushMessage = { title: 'Nouvelle commande', body: 'Commande n° 42', data: { orderId: '42' } };
const run = { jobId: 'job-1', attempt: 1, isLastAttempt: false };
const tokens = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['PUSH_DRIVER', 'FIREBASE_SERVICE_ACCOUNT']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
  resetPushSenderCache();
  vi.restoreAllMocks();
});

function configure(vars: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
  resetPushSenderCache();
}

/** A fake FCM: records each multicast and answers with the error code `failWith` gives a token, if any. */
function fakeMessaging(failWith: (token: string) => string | undefined = () => undefined) {
  const calls: string[][] = [];
  const messaging: MulticastMessaging = {
    async sendEachForMulticast(multicast) {
      calls.push(multicast.tokens);
      const responses = multicast.tokens.map((token) => {
        const code = failWith(token);
        return code ? { success: false, error: { code } } : { success: true };
      });
      return { successCount: responses.filter((r) => r.success).length, responses };
    },
  };
  return { calls, messaging };
}

function serviceAccountJson(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    type: 'service_account',
    project_id: 'comptoir-test',
    client_email: 'push@comptoir-test.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
  });
}

describe('the log push driver', () => {
  it('logs the message and counts every token as sent', async () => {
    const info = vi.spyOn(getLogger(), 'info');
    const result = await new LogPushSender().send(tokens(3), message);
    expect(result).toEqual({ sent: 3, invalidTokens: [] });
    expect(info).toHaveBeenCalledWith(
      { push: { tokens: 3, title: 'Nouvelle commande' } },
      expect.stringContaining('Nouvelle commande'),
    );
  });
});

describe('the FCM push driver', () => {
  const account = { projectId: 'p', clientEmail: 'e@p', privateKey: 'k' };

  it('sends in chunks of 500 tokens, with the title, body and data', async () => {
    const fake = fakeMessaging();
    const factory = vi.fn(async () => fake.messaging);
    const sender = new FcmPushSender(account, factory);
    expect(sender.id).toBe('fcm');
    const sendSpy = vi.spyOn(fake.messaging, 'sendEachForMulticast');

    const all = tokens(1200);
    expect(await sender.send(all, message)).toEqual({ sent: 1200, invalidTokens: [] });
    expect(fake.calls.map((c) => c.length)).toEqual([500, 500, 200]);
    expect(fake.calls.flat()).toEqual(all);
    expect(sendSpy.mock.calls[0]![0]).toMatchObject({
      notification: { title: 'Nouvelle commande', body: 'Commande n° 42' },
      data: { orderId: '42' },
    });

    await sender.send(tokens(1), message);
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('collects the tokens FCM says are gone, and only those', async () => {
    const codes: Record<string, string> = {
      t1: 'messaging/registration-token-not-registered',
      t501: 'messaging/invalid-registration-token',
      t2: 'messaging/internal-error',
      t3: 'messaging/quota-exceeded',
    };
    const fake = fakeMessaging((token) => codes[token]);
    const result = await new FcmPushSender(account, async () => fake.messaging).send(tokens(600), message);
    expect(result).toEqual({ sent: 596, invalidTokens: ['t1', 't501'] });
  });

  it('does not call FCM for an empty list', async () => {
    const factory = vi.fn(async () => fakeMessaging().messaging);
    expect(await new FcmPushSender(account, factory).send([], message)).toEqual({
      sent: 0,
      invalidTokens: [],
    });
    expect(factory).not.toHaveBeenCalled();
  });

  it('retries setting up messaging after a failure', async () => {
    const fake = fakeMessaging();
    const factory = vi
      .fn<() => Promise<MulticastMessaging>>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValue(fake.messaging);
    const sender = new FcmPushSender(account, factory);
    await expect(sender.send(tokens(1), message)).rejects.toThrow('boom');
    expect(await sender.send(tokens(1), message)).toEqual({ sent: 1, invalidTokens: [] });
  });
});

describe('the push sender factory', () => {
  it('uses the log driver by default, and keeps one sender per process', () => {
    configure({ PUSH_DRIVER: undefined, FIREBASE_SERVICE_ACCOUNT: undefined });
    const sender = createPushSender();
    expect(sender.id).toBe('log');
    expect(createPushSender()).toBe(sender);
    resetPushSenderCache();
    expect(createPushSender()).not.toBe(sender);
  });

  it('builds the fcm driver from inline JSON or from a file', () => {
    const json = serviceAccountJson();
    configure({ PUSH_DRIVER: 'fcm', FIREBASE_SERVICE_ACCOUNT: `  ${json}\n` });
    expect(createPushSender()).toBeInstanceOf(FcmPushSender);

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'push-')), 'service-account.json');
    fs.writeFileSync(file, json);
    configure({ PUSH_DRIVER: 'fcm', FIREBASE_SERVICE_ACCOUNT: file });
    expect(createPushSender().id).toBe('fcm');
  });

  it('refuses a missing or invalid FIREBASE_SERVICE_ACCOUNT', () => {
    configure({ PUSH_DRIVER: 'fcm', FIREBASE_SERVICE_ACCOUNT: undefined });
    expect(() => createPushSender()).toThrow(/FIREBASE_SERVICE_ACCOUNT/);

    configure({ PUSH_DRIVER: 'fcm', FIREBASE_SERVICE_ACCOUNT: path.join(os.tmpdir(), 'absent-4f1c.json') });
    expect(() => createPushSender()).toThrow(/FIREBASE_SERVICE_ACCOUNT.*ENOENT/);

    configure({ PUSH_DRIVER: 'fcm', FIREBASE_SERVICE_ACCOUNT: '{"private_key": "secret-key' });
    let error: unknown;
    try {
      createPushSender();
    } catch (e) {
      error = e;
    }
    expect(String(error)).toMatch(/FIREBASE_SERVICE_ACCOUNT n’est pas un JSON valide/);
    expect(String(error)).not.toContain('secret-key');

    configure({ PUSH_DRIVER: 'fcm', FIREBASE_SERVICE_ACCOUNT: '{"project_id": "p"}' });
    expect(() => createPushSender()).toThrow(/FIREBASE_SERVICE_ACCOUNT.*client_email, private_key/);
  });
});

describe('push delivery, as a background job', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(() => database.close());

  /** Records the tokens it is given; reports the ones in `gone` as invalid. */
  function recordingSender(gone: string[] = []) {
    const received: string[][] = [];
    const sender: PushSender = {
      id: 'log',
      async send(list: string[]): Promise<PushResult> {
        received.push([...list]);
        return { sent: list.length, invalidTokens: gone.filter((t) => list.includes(t)) };
      },
    };
    return { received, sender };
  }

  it('sends to the devices given, and forgets the ones the service says are gone', async () => {
    const { db } = database;
    const shop = await createShopFixture(db, 'Boutique Push');
    await upsertPushDevice(db, shop.members.admin.user.id, 'admin-phone');
    await upsertPushDevice(db, shop.members.admin.user.id, 'admin-tablet');
    await upsertPushDevice(db, shop.members.cashier.user.id, 'cashier-phone');

    const { received, sender } = recordingSender(['admin-tablet']);
    const result = await deliverPush(db, ['admin-phone', 'admin-tablet'], message, sender);

    expect(received).toEqual([['admin-phone', 'admin-tablet']]);
    expect(result).toEqual({ sent: 2, invalidTokens: ['admin-tablet'] });
    const left = (await db.select({ token: pushDevices.token }).from(pushDevices)).map((r) => r.token).sort();
    expect(left).toEqual(['admin-phone', 'cashier-phone']);
  });

  it('createNotification pushes to the shop’s active devices, read with the notification’s insert', async () => {
    const { db } = database;
    const shop = await createShopFixture(db, 'Boutique Notifiée');
    const other = await createShopFixture(db, 'Boutique Voisine');
    await upsertPushDevice(db, shop.members.admin.user.id, 'notified-admin');
    await upsertPushDevice(db, shop.members.seller.user.id, 'notified-seller');
    await db.update(agents).set({ isActive: false }).where(eq(agents.userId, shop.members.seller.user.id));
    await upsertPushDevice(db, other.members.admin.user.id, 'neighbour-admin');
    configure({ PUSH_DRIVER: 'log' });
    const send = vi.spyOn(LogPushSender.prototype, 'send');

    const created = await createNotification(db, shop.shop.id, {
      type: 'order',
      title: 'Nouvelle commande #1001',
      description: 'Awa · 5 000 FCFA',
    });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toEqual(['notified-admin']);
    expect(send.mock.calls[0]![1]).toMatchObject({
      title: 'Nouvelle commande #1001',
      data: { type: 'order', shopId: shop.shop.id, notificationId: created._id },
    });

    // The other shop's notification reaches its own devices only.
    await createNotification(db, other.shop.id, { type: 'shop', title: 'Bienvenue', description: '' });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[1]![0]).toEqual(['neighbour-admin']);
  });

  it('queues no push when no device is registered', async () => {
    const shop = await createShopFixture(database.db, 'Boutique Sans Appareil');
    const enqueue = vi.spyOn(pushJob, 'enqueue');
    await createNotification(database.db, shop.shop.id, {
      type: 'shop',
      title: 'Bienvenue',
      description: '',
    });
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('throws when the service fails, so the job retries it; the devices are kept', async () => {
    const { db } = database;
    const shop = await createShopFixture(db, 'Boutique En Panne');
    await upsertPushDevice(db, shop.members.admin.user.id, 'broken-phone');
    const failing: PushSender = { id: 'fcm', send: () => Promise.reject(new Error('FCM indisponible')) };
    await expect(deliverPush(db, ['broken-phone'], message, failing)).rejects.toThrow('FCM indisponible');

    // A misconfigured driver fails the same way: retried, then shown to the operators.
    configure({ PUSH_DRIVER: 'fcm', FIREBASE_SERVICE_ACCOUNT: undefined });
    await expect(
      pushJob.run({ shopId: shop.shop.id, tokens: ['broken-phone'], message }, run),
    ).rejects.toThrow(/FIREBASE_SERVICE_ACCOUNT/);
    expect((await db.select().from(pushDevices).where(eq(pushDevices.token, 'broken-phone'))).length).toBe(1);
  });
});
