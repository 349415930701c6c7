import type { IncomingMessage } from 'node:http';
import { Errors } from './errors';
import { getEnv } from '../env';
import { describeDetails } from '@/shared/validation';

const MAX_BODY_BYTES = 1_000_000;

/**
 * Route files turn Next's body parser off so that every route, under Next or in the test server,
 * parses the same way and refuses bad JSON with a French message.
 */
export async function readJsonBody(req: IncomingMessage & { body?: unknown }): Promise<unknown> {
  if (req.body !== undefined && typeof req.body === 'object') return req.body;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw Errors.validation({ _: 'Requête trop volumineuse.' }, 'La requête est trop volumineuse.');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw Errors.validation({ _: 'JSON invalide.' }, "Le corps de la requête n'est pas un JSON valide.");
  }
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
