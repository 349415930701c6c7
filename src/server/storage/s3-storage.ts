import { createHash, createHmac } from 'node:crypto';
import { isSafeKey, type FileStorage } from './storage-key';

/**
 * Uploads to any S3-compatible object store (AWS S3, Cloudflare R2, MinIO, Scaleway, Wasabi…) with
 * one signed PUT per file: no SDK, the request is signed here with AWS Signature Version 4.
 */
export interface S3Config {
  /** e.g. https://s3.eu-west-3.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL where objects are publicly readable (a CDN, an r2.dev domain…). Default: the bucket's own URL. */
  publicUrl?: string;
  /** true: https://endpoint/bucket/key (MinIO, R2, most providers); false: https://bucket.endpoint/key. */
  forcePathStyle: boolean;
}

/** The slice of fetch the driver uses; tests pass a fake that records the request. */
export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 30_000;
/** Keys are never reused (a new id per upload), so what is stored under one never changes. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

export class S3Storage implements FileStorage {
  private readonly fetchFn: FetchFn;
  private readonly origin: URL;
  /** Path before the key: the endpoint's own path, then the bucket in path style. */
  private readonly bucketPath: string;
  private readonly publicUrl: string;

  constructor(
    private readonly config: S3Config,
    fetchFn?: FetchFn,
    private readonly now: () => Date = () => new Date(),
  ) {
    // Looked up at call time so a test that stubs the global fetch is honoured too.
    this.fetchFn = fetchFn ?? ((url, init) => fetch(url, init));
    const endpoint = new URL(config.endpoint);
    const basePath = endpoint.pathname.replace(/\/+$/, '');
    this.bucketPath = config.forcePathStyle ? `${basePath}/${encodeRfc3986(config.bucket)}` : basePath;
    this.origin = config.forcePathStyle
      ? endpoint
      : new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}`);
    this.publicUrl = (config.publicUrl || `${this.origin.origin}${this.bucketPath}`).replace(/\/+$/, '');
  }

  async put(key: string, data: Buffer, contentType: string): Promise<{ url: string }> {
    if (!isSafeKey(key)) throw new Error(`Clé de fichier refusée : ${key}`);
    const keyPath = key.split('/').map(encodeRfc3986).join('/');
    const path = `${this.bucketPath}/${keyPath}`;
    const payloadHash = sha256Hex(data);
    const headers: Record<string, string> = {
      'Content-Type': contentType,
      'Cache-Control': CACHE_CONTROL,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate(this.now()),
    };
    // fetch sets Host itself, from the URL: it is signed with that same value but not passed on.
    const { authorization } = signV4({
      method: 'PUT',
      path,
      headers: { host: this.origin.host, ...headers },
      payloadHash,
      accessKeyId: this.config.accessKeyId,
      secretAccessKey: this.config.secretAccessKey,
      region: this.config.region,
      service: 's3',
    });

    let response: Response;
    try {
      response = await this.fetchFn(`${this.origin.origin}${path}`, {
        method: 'PUT',
        headers: { ...headers, Authorization: authorization },
        // A copy typed as fetch wants it (a Buffer may sit on a shared ArrayBuffer); images are small.
        body: new Uint8Array(data),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const reason = timedOut
        ? `pas de réponse en ${TIMEOUT_MS / 1000} s`
        : error instanceof Error
          ? error.message
          : String(error);
      throw new Error(`Le stockage S3 est injoignable (${this.origin.host}) : ${reason}.`, { cause: error });
    }
    if (!response.ok) {
      // S3 explains its refusals in an XML body: <Error><Code>AccessDenied</Code>…
      const body = await response.text().catch(() => '');
      const code = /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1];
      throw new Error(
        `Le stockage S3 a refusé l’envoi de ${key} (HTTP ${response.status}${code ? `, ${code}` : ''}).`,
      );
    }
    // Nothing else to read; releases the connection.
    await response.body?.cancel().catch(() => undefined);
    return { url: `${this.publicUrl}/${keyPath}` };
  }
}

export interface SigV4Request {
  method: string;
  /** The path as sent on the wire, already URI-encoded (S3 encodes each key segment once, no more). */
  path: string;
  query?: Record<string, string>;
  /** Every header to sign, host and x-amz-date included; names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body: for S3, the value of x-amz-content-sha256. */
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

/**
 * AWS Signature Version 4, header form: canonical request → string to sign → signature with a key
 * derived from the secret through the date, region and service. The intermediate strings are
 * returned so a test can compare each step with AWS's published examples.
 */
export function signV4(request: SigV4Request) {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const dateTime = headers.find(([name]) => name === 'x-amz-date')?.[1];
  if (!dateTime || !/^\d{8}T\d{6}Z$/.test(dateTime))
    throw new Error('Signature AWS : en-tête x-amz-date manquant ou mal formé.');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const query = Object.entries(request.query ?? {})
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

  const canonicalRequest = [
    request.method,
    request.path || '/',
    query,
    ...headers.map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');

  const date = dateTime.slice(0, 8);
  const scope = `${date}/${request.region}/${request.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', dateTime, scope, sha256Hex(canonicalRequest)].join('\n');

  let key: Buffer = hmac(`AWS4${request.secretAccessKey}`, date);
  for (const part of [request.region, request.service, 'aws4_request']) key = hmac(key, part);
  const signature = hmac(key, stringToSign).toString('hex');

  const authorization = `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { authorization, signature, canonicalRequest, stringToSign };
}

/** URI-encodes everything but the RFC 3986 unreserved characters (A-Z a-z 0-9 - . _ ~), as SigV4 requires. */
export function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** 2013-05-24T00:00:00.000Z → 20130524T000000Z */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}
