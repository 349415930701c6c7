import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { createSmsGateway } from '@/server/sms/sms-gateway';

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['SMS_DRIVER', 'SMS_HTTP_URL', 'SMS_HTTP_TOKEN', 'SMS_FILE_PATH', 'SMS_SENDER']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
});

function configure(vars: Record<string, string>) {
  Object.assign(process.env, vars);
  resetEnvCache();
}

describe('the SMS gateway', () => {
  it('http driver: POSTs JSON with the bearer token to the configured URL', async () => {
    const received: Array<{ auth?: string; body: unknown }> = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
      configure({ SMS_DRIVER: 'http', SMS_HTTP_URL: url, SMS_HTTP_TOKEN: 'tok', SMS_SENDER: 'Comptoir' });
      const gateway = createSmsGateway();
      expect(gateway.name).toBe('http');
      // No-break spaces and ’ would cost a UCS-2 SMS: they leave as their GSM 7-bit look-alikes.
      await gateway.send({ to: '+221770000001', body: 'Bonjour\u00a0: c’est prêt\u202f!' });
      expect(received).toEqual([
        {
          auth: 'Bearer tok',
          body: { to: '+221770000001', from: 'Comptoir', text: "Bonjour : c'est prêt !" },
        },
      ]);
    } finally {
      server.close();
    }
  });

  it('http driver: a provider error is an error, and a missing URL is refused', async () => {
    const server = http.createServer((_req, res) => {
      res.statusCode = 500;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      configure({
        SMS_DRIVER: 'http',
        SMS_HTTP_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      });
      await expect(createSmsGateway().send({ to: '+221770000001', body: 'x' })).rejects.toThrow(/500/);
    } finally {
      server.close();
    }
    process.env.SMS_HTTP_URL = '';
    delete process.env.SMS_HTTP_URL;
    configure({ SMS_DRIVER: 'http' });
    expect(() => createSmsGateway()).toThrow(/SMS_HTTP_URL/);
  });

  it('file driver: appends one JSON line per message', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sms-')), 'out.jsonl');
    configure({ SMS_DRIVER: 'file', SMS_FILE_PATH: file });
    await createSmsGateway().send({ to: '+221770000001', body: 'un' });
    await createSmsGateway().send({ to: '+221770000002', body: 'deux' });
    const lines = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.to, l.body])).toEqual([
      ['+221770000001', 'un'],
      ['+221770000002', 'deux'],
    ]);
  });

  it('console driver is the default', () => {
    configure({ SMS_DRIVER: '' });
    delete process.env.SMS_DRIVER;
    resetEnvCache();
    expect(createSmsGateway().name).toBe('console');
  });
});
