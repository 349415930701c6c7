import type { IncomingMessage } from 'node:http';
import { AppError, Errors } from './errors';
import { assertWellFormedText } from './request-guards';
import { getEnv } from '../env';
import { describeDetails } from '@/shared/validation';

const MAX_BODY_BYTES = 1_000_000;
/**
 * A body over the limit but under this is read to its end and dropped before the refusal, so the
 * connection stays usable for the client's next request; a bigger one is not worth reading: the
 * refusal closes the connection instead (see `runRoute`).
 */
const MAX_DRAINED_BYTES = 8_000_000;

const tooLarge = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    413,
    `La requête est trop volumineuse (${MAX_BODY_BYTES / 1_000_000} Mo au maximum).`,
  );

/**
 * Route files turn Next's body parser off so that every route, under Next or in the test server,
 * parses the same way and refuses bad JSON, or text the database cannot store, with a French message.
 */
export async function readJsonBody(req: IncomingMessage & { body?: unknown }): Promise<unknown> {
  if (req.body !== undefined && typeof req.body === 'object') return req.body;
  if (Number(req.headers['content-length'] ?? 0) > MAX_DRAINED_BYTES) throw tooLarge();
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Listening to `data` (not iterating, whose early exit destroys the socket) keeps reading past
    // the limit, dropping what comes, until the body ends or passes what is worth draining.
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else chunks.length = 0;
      if (size > MAX_DRAINED_BYTES) {
        req.removeAllListeners('data');
        req.pause();
        reject(tooLarge());
      }
    });
    req.once('end', () =>
      size > MAX_BODY_BYTES ? reject(tooLarge()) : resolve(Buffer.concat(chunks).toString('utf8').trim()),
    );
    req.once('error', reject);
  });
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw Errors.validation({ _: 'JSON invalide.' }, 'Le corps de la requête n’est pas un JSON valide.');
  }
  assertWellFormedText(parsed);
  return parsed;
}

/** An upload's bytes, refused past its limit (UPLOAD_MAX_BYTES unless the route sets one) without reading the rest. */
export async function readUpload(req: IncomingMessage, field: string, maxBytes?: number): Promise<Buffer> {
  const max = maxBytes ?? getEnv().UPLOAD_MAX_BYTES;
  const tooLarge = () => {
    const details = { [field]: `Le fichier dépasse la taille maximale de ${formatMegabytes(max)}.` };
    return Errors.validation(details, describeDetails(details));
  };
  if (Number(req.headers['content-length'] ?? 0) > max) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1).replace('.', ',')} Mo`;
}
