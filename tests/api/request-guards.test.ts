import net from 'node:net';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { firstTill, ops, posCalls } from '../helpers/pos';
import { as } from '../helpers/orders';
import { resetEnvCache } from '@/server/env';
import { clientIp } from '@/server/http/request-guards';

const bed = setupApiTestbed();

afterEach(() => {
  delete process.env.TRUST_PROXY;
  resetEnvCache();
});

/** Raw bytes to the server on one connection; everything it answers until it closes or `ms` pass. */
function exchange(
  requests: Buffer[],
  ms = 3000,
): Promise<{ text: string; closedBy: 'end' | 'reset' | 'timeout' }> {
  const { port, hostname } = new URL(bed.server.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const done = (closedBy: 'end' | 'reset' | 'timeout') => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closedBy });
    };
    const timer = setTimeout(() => done('timeout'), ms);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => done('end'));
    socket.on('error', () => done('reset'));
    socket.on('connect', () => requests.forEach((r) => socket.write(r)));
  });
}

// Answers follow each other with no line break after a body: matched anywhere, not at line starts.
const statusLines = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

describe('the caller’s address behind a trusted proxy', () => {
  const req = (forwarded: string) =>
    ({ headers: { 'x-forwarded-for': forwarded }, socket: { remoteAddress: '10.9.9.9' } }) as never;

  it('is the right-most forwarded entry, the one the proxy added, whatever the client wrote before it', () => {
    expect(clientIp(req('1.2.3.4, 203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientIp(req('203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientIp(req('1.2.3.4'), false)).toBe('10.9.9.9');
  });

  it('keeps the per-address code limit when each request forges a new first entry', async () => {
    process.env.TRUST_PROXY = 'true';
    resetEnvCache();
    const statuses: number[] = [];
    // OTP_MAX_PER_IP is 30 a quarter of an hour: the 31st from the one real address is refused.
    for (let i = 0; i < 32; i++) {
      const answer = await bed.server.call('POST', '/api/otp/sendCode', {
        body: { phone: `+2217700${String(10_000 + i).slice(-5)}` },
        headers: { 'x-forwarded-for': `198.51.100.${i}, 192.0.2.77` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toContain(429);
  });
});

describe('security headers on API answers', () => {
  it('sends HSTS only for a request that came over https', async () => {
    process.env.TRUST_PROXY = 'true';
    resetEnvCache();
    const https = await bed.server.call('GET', '/api/nope', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    expect(https.headers.get('x-content-type-options')).toBe('nosniff');
    const http = await bed.server.call('GET', '/api/nope');
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('writes riding on the session cookie', () => {
  const cookie = 'next-auth.session-token=whatever';
  const write = (headers: Record<string, string>, rawBody = '{"shopId":"x","name":"Awa"}') =>
    bed.server.call('POST', '/api/client/create', { rawBody, headers: { cookie, ...headers } });

  it('are refused when another site sends them, or as anything but JSON', async () => {
    const plain = await write({ 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(plain.body.error.message).toMatch(/JSON/);
    const evil = await write({ 'content-type': 'application/json', origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body.error.code).toBe('CROSS_SITE_REQUEST');
    const fetched = await write({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' });
    expect(fetched.body.error.code).toBe('CROSS_SITE_REQUEST');
    const form = await write({
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
    });
    expect(form.status).toBe(415);
  });

  it('go on to identity from our own pages, and Bearer calls are not concerned', async () => {
    const own = await write({
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      origin: bed.server.url,
    });
    // The cookie here is no session: refused as unknown, not as cross-site.
    expect(own.status).toBe(401);
    const bearer = await bed.server.call('POST', '/api/client/create', {
      token: bed.awa.members.admin.token,
      body: { shopId: bed.awa.shop.id, name: 'Cliente Bearer' },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(bearer.status).toBe(200);
  });
});

describe('crafted cookies', () => {
  it('answers a cookie that is not valid percent-encoding as no session, not a 500', async () => {
    const answer = await bed.server.call('GET', '/api/user/getInfo', {
      headers: { cookie: 'next-auth.session-token=%E0%A4%A; other=%%' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('oversized requests', () => {
  it('answers a body over 1 MB in the error shape and keeps the connection usable', async () => {
    const body = Buffer.alloc(1_500_000, 'a');
    const first = Buffer.concat([
      Buffer.from(
        `POST /api/client/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer ${bed.awa.members.admin.token}\r\nContent-Length: ${body.length}\r\n\r\n`,
      ),
      body,
    ]);
    const second = Buffer.from('GET /api/nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const { text, closedBy } = await exchange([first, second]);
    expect(statusLines(text)).toEqual([413, 404]);
    expect(text).toContain('La requête est trop volumineuse');
    expect(closedBy).toBe('end');
  });

  it('answers a far larger one, then closes the connection cleanly', async () => {
    const head = Buffer.from(
      `POST /api/client/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer ${bed.awa.members.admin.token}\r\nContent-Length: 50000000\r\n\r\n`,
    );
    const { text, closedBy } = await exchange([head, Buffer.alloc(100_000, 'a')]);
    expect(statusLines(text)).toEqual([413]);
    expect(text).toMatch(/connection: close/i);
    expect(closedBy).toBe('end');
  });

  it('answers a 100 KB address with a French 431 in the error shape', async () => {
    const { text } = await exchange([
      Buffer.from(`GET /api/product/list?search=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    ]);
    expect(statusLines(text)).toEqual([431]);
    const json = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(json.error.code).toBe('HEADERS_TOO_LARGE');
    expect(json.error.message).toMatch(/trop longs/);
    expect(text).toMatch(/x-content-type-options: nosniff/i);
  });
});

describe('till ops dated out of this world', () => {
  it('refuses an op dated 9999-12-31 or 1970, naming its date, and applies none of it', async () => {
    const cashier = as(bed.awa, 'cashier');
    const tillId = await firstTill(bed, cashier);
    const pos = posCalls(bed);
    for (const at of ['9999-12-31T23:59:59.000Z', '1970-01-02T00:00:00.000Z']) {
      const answer = await pos.sync(cashier, tillId, [{ ...ops.open(tillId), at }]);
      expect(answer.status).toBe(200);
      expect(answer.body.results[0].status).toBe('rejected');
      expect(answer.body.results[0].error.details.at).toMatch(/derniers jours/);
    }
    expect((await pos.sessions(cashier)).body.items).toEqual([]);
  });
});

/** A real PNG whose header claims `width` × `height` pixels (its CRC recomputed to stay valid). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  // IHDR's data starts after the 8-byte signature and the chunk's length and type (8 bytes).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe('image bombs', () => {
  it('refuses a few bytes claiming 100 000 × 100 000 pixels as too large, not as a wrong format', async () => {
    const answer = await bed.server.call('POST', `/api/shop/uploadLogo?shopId=${bed.awa.shop.id}`, {
      token: bed.awa.members.admin.token,
      rawBody: await pngClaiming(100_000, 100_000),
      headers: { 'content-type': 'image/png' },
    });
    expect(answer.status).toBe(422);
    expect(Object.values(answer.body.error.details).join(' ')).toMatch(/trop grande/);
  });
});
