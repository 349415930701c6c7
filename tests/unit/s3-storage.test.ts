import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { getFileStorage, resetFileStorageCache } from '@/server/storage/file-storage';
import { S3Storage, amzDate, signV4, type FetchFn, type S3Config } from '@/server/storage/s3-storage';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('signV4 against AWS published vectors', () => {
  // Signature Version 4 test suite, "get-vanilla": the .creq, .sts and .authz files.
  const suite = {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    service: 'service',
    payloadHash: EMPTY_SHA256,
  };

  it('get-vanilla: canonical request, string to sign and Authorization', () => {
    const signed = signV4({
      ...suite,
      method: 'GET',
      path: '/',
      headers: { Host: 'example.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' },
    });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/',
        '',
        'host:example.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'host;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20150830T123600Z',
        '20150830/us-east-1/service/aws4_request',
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
      ].join('\n'),
    );
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('get-vanilla-query-order-key-case: query parameters sorted by name', () => {
    const signed = signV4({
      ...suite,
      method: 'GET',
      path: '/',
      query: { Param2: 'value2', Param1: 'value1' },
      headers: { Host: 'example.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' },
    });
    expect(signed.canonicalRequest.split('\n')[2]).toBe('Param1=value1&Param2=value2');
    expect(signed.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });

  // S3 API reference, "Signature Calculations for the Authorization Header": its worked examples.
  const s3Example = {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    service: 's3',
  };

  it('S3 example GET Object (first 10 bytes of test.txt)', () => {
    const signed = signV4({
      ...s3Example,
      method: 'GET',
      path: '/test.txt',
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_SHA256,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EMPTY_SHA256,
    });
    expect(signed.stringToSign.split('\n')[3]).toBe(
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.authorization).toContain(
      'Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,',
    );
  });

  it('S3 example PUT Object (test$file.text, a signed payload)', () => {
    const payloadHash = sha256('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signV4({
      ...s3Example,
      method: 'PUT',
      path: '/test%24file.text',
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': payloadHash,
      },
      payloadHash,
    });
    expect(signed.stringToSign.split('\n')[3]).toBe(
      '9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d',
    );
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('refuses a request without x-amz-date', () => {
    expect(() =>
      signV4({ ...suite, method: 'GET', path: '/', headers: { host: 'example.amazonaws.com' } }),
    ).toThrow(/x-amz-date/);
  });

  it('formats the date as AWS wants it', () => {
    expect(amzDate(new Date('2013-05-24T00:00:00.000Z'))).toBe('20130524T000000Z');
  });
});

interface Sent {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
  body: Buffer;
}

/** A fake S3: records each request and answers with `respond`. */
function fakeS3(respond: () => Response = () => new Response(null, { status: 200 })) {
  const sent: Sent[] = [];
  const fetchFn: FetchFn = async (url, init) => {
    sent.push({
      url,
      init,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: Buffer.from(init.body as Uint8Array),
    });
    return respond();
  };
  return { sent, fetchFn };
}

const NOW = new Date('2024-01-02T03:04:05.678Z');
const config: S3Config = {
  endpoint: 'https://s3.eu-west-3.amazonaws.com',
  region: 'eu-west-3',
  bucket: 'comptoir-media',
  accessKeyId: 'AKIATESTKEY',
  secretAccessKey: 'test/secret+key',
  forcePathStyle: true,
};
const image = Buffer.from('RIFF....WEBPVP8 fake image bytes');

/** What the request must have been signed with, recomputed from what was sent and the expected host. */
function expectedAuthorization(sent: Sent, host: string, path: string, region = config.region) {
  const { authorization: _, ...headers } = sent.headers;
  return signV4({
    method: 'PUT',
    path,
    headers: { host, ...headers },
    payloadHash: sha256(image),
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region,
    service: 's3',
  }).authorization;
}

describe('S3Storage.put', () => {
  it('path style: PUT endpoint/bucket/key, signed, with the type and a year-long immutable cache', async () => {
    const { sent, fetchFn } = fakeS3();
    const storage = new S3Storage(config, fetchFn, () => NOW);
    const { url } = await storage.put('avatars/abc123.webp', image, 'image/webp');

    expect(url).toBe('https://s3.eu-west-3.amazonaws.com/comptoir-media/avatars/abc123.webp');
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.url).toBe('https://s3.eu-west-3.amazonaws.com/comptoir-media/avatars/abc123.webp');
    expect(request!.init.method).toBe('PUT');
    expect(request!.init.signal).toBeInstanceOf(AbortSignal);
    expect(request!.body.equals(image)).toBe(true);
    expect(request!.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-amz-content-sha256': sha256(image),
      'x-amz-date': '20240102T030405Z',
    });
    expect(request!.headers.host).toBeUndefined();
    expect(request!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIATESTKEY\/20240102\/eu-west-3\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(request!.headers.authorization).toBe(
      expectedAuthorization(request!, 's3.eu-west-3.amazonaws.com', '/comptoir-media/avatars/abc123.webp'),
    );
  });

  it('virtual-hosted style: PUT bucket.endpoint/key, the bucket host signed', async () => {
    const { sent, fetchFn } = fakeS3();
    const storage = new S3Storage({ ...config, forcePathStyle: false }, fetchFn, () => NOW);
    const { url } = await storage.put('logos/xyz.webp', image, 'image/webp');

    expect(sent[0]!.url).toBe('https://comptoir-media.s3.eu-west-3.amazonaws.com/logos/xyz.webp');
    expect(url).toBe('https://comptoir-media.s3.eu-west-3.amazonaws.com/logos/xyz.webp');
    expect(sent[0]!.headers.authorization).toBe(
      expectedAuthorization(sent[0]!, 'comptoir-media.s3.eu-west-3.amazonaws.com', '/logos/xyz.webp'),
    );
  });

  it('keeps the port of a local endpoint (MinIO) in the signed host, and answers with S3_PUBLIC_URL', async () => {
    const { sent, fetchFn } = fakeS3();
    const storage = new S3Storage(
      {
        ...config,
        endpoint: 'http://127.0.0.1:9000/',
        region: 'us-east-1',
        publicUrl: 'https://cdn.example.com/media/',
      },
      fetchFn,
      () => NOW,
    );
    const { url } = await storage.put('products/shop1/p1-card.webp', image, 'image/webp');

    expect(sent[0]!.url).toBe('http://127.0.0.1:9000/comptoir-media/products/shop1/p1-card.webp');
    expect(url).toBe('https://cdn.example.com/media/products/shop1/p1-card.webp');
    expect(sent[0]!.headers.authorization).toBe(
      expectedAuthorization(
        sent[0]!,
        '127.0.0.1:9000',
        '/comptoir-media/products/shop1/p1-card.webp',
        'us-east-1',
      ),
    );
  });

  it('throws a French error with the status and S3 code when the upload is refused', async () => {
    const { fetchFn } = fakeS3(
      () =>
        new Response(
          '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
          {
            status: 403,
          },
        ),
    );
    const storage = new S3Storage(config, fetchFn, () => NOW);
    await expect(storage.put('avatars/abc123.webp', image, 'image/webp')).rejects.toThrow(
      'Le stockage S3 a refusé l’envoi de avatars/abc123.webp (HTTP 403, AccessDenied).',
    );
  });

  it('reports a status without a body too', async () => {
    const { fetchFn } = fakeS3(() => new Response(null, { status: 503 }));
    const storage = new S3Storage(config, fetchFn, () => NOW);
    await expect(storage.put('avatars/abc123.webp', image, 'image/webp')).rejects.toThrow(/HTTP 503\)/);
  });

  it('reports a timeout or an unreachable endpoint in French', async () => {
    const timeout: FetchFn = async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    };
    await expect(new S3Storage(config, timeout).put('avatars/a.webp', image, 'image/webp')).rejects.toThrow(
      'Le stockage S3 est injoignable (s3.eu-west-3.amazonaws.com) : pas de réponse en 30 s.',
    );
    const refused: FetchFn = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(new S3Storage(config, refused).put('avatars/a.webp', image, 'image/webp')).rejects.toThrow(
      /injoignable .* fetch failed/,
    );
  });

  it('refuses a key that is not one of ours, before any request', async () => {
    const { sent, fetchFn } = fakeS3();
    await expect(new S3Storage(config, fetchFn).put('../etc/passwd', image, 'text/plain')).rejects.toThrow(
      /Clé de fichier refusée/,
    );
    expect(sent).toHaveLength(0);
  });
});

describe('getFileStorage', () => {
  const S3_VARS = [
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_PUBLIC_URL',
    'S3_FORCE_PATH_STYLE',
  ];
  const saved = Object.fromEntries(S3_VARS.map((name) => [name, process.env[name]]));

  function configure(vars: Record<string, string | undefined>) {
    for (const name of S3_VARS) {
      const value = name in vars ? vars[name] : saved[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
    resetFileStorageCache();
  }

  afterEach(() => {
    configure({});
    vi.unstubAllGlobals();
  });

  const complete = {
    S3_ENDPOINT: 'https://acc123.r2.cloudflarestorage.com',
    S3_BUCKET: 'comptoir',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('uses the local disk when S3 is not configured (empty values count as unset)', async () => {
    configure({
      S3_ENDPOINT: '',
      S3_BUCKET: '',
      S3_ACCESS_KEY_ID: undefined,
      S3_SECRET_ACCESS_KEY: undefined,
    });
    const storage = getFileStorage();
    expect(storage).not.toBeInstanceOf(S3Storage);
    const { url } = await storage.put('avatars/local1.webp', image, 'image/webp');
    expect(url).toBe('/uploads/avatars/local1.webp');
  });

  it('uses S3 when it is configured, once per process', () => {
    configure(complete);
    const storage = getFileStorage();
    expect(storage).toBeInstanceOf(S3Storage);
    expect(getFileStorage()).toBe(storage);
  });

  it('names every missing variable', () => {
    configure({
      S3_BUCKET: 'comptoir',
      S3_ENDPOINT: undefined,
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: undefined,
    });
    expect(() => getFileStorage()).toThrow(
      'Stockage S3 incomplet : définissez aussi S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.',
    );
  });

  it('does not fall back to the local disk when only the bucket is missing', () => {
    configure({ ...complete, S3_BUCKET: undefined });
    expect(() => getFileStorage()).toThrow('Stockage S3 incomplet : définissez aussi S3_BUCKET.');
  });

  it('refuses an endpoint that is not an http(s) URL', () => {
    configure({ ...complete, S3_ENDPOINT: 's3.eu-west-3.amazonaws.com' });
    expect(() => getFileStorage()).toThrow(/S3_ENDPOINT doit être une adresse http\(s\) complète/);
  });

  it('passes the settings on: region, path style and public URL', async () => {
    configure({
      ...complete,
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'false',
      S3_PUBLIC_URL: 'https://media.example.com',
    });
    const { sent, fetchFn } = fakeS3();
    vi.stubGlobal('fetch', fetchFn);
    const { url } = await getFileStorage().put('logos/l1.webp', image, 'image/webp');
    expect(url).toBe('https://media.example.com/logos/l1.webp');
    expect(sent[0]!.url).toBe('https://comptoir.acc123.r2.cloudflarestorage.com/logos/l1.webp');
    expect(sent[0]!.headers.authorization).toContain('Credential=key-id/');
    expect(sent[0]!.headers.authorization).toContain('/auto/s3/aws4_request');
  });
});
