import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { AppError } from './errors';

/*
 * Pages for people without an account (a rider's link, a customer's tracking page) written as
 * plain HTML by the server: they must load on 2G and a cheap phone, so they carry no JavaScript at
 * all, and their forms post back like the web always could.
 */

/** HTML already escaped: a fragment made by `html`, or markup we wrote. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

type Slot = Html | string | number | null | undefined | false | readonly Slot[];

function render(slot: Slot): string {
  if (slot === null || slot === undefined || slot === false) return '';
  if (slot instanceof Html) return slot.text;
  if (Array.isArray(slot)) return slot.map(render).join('');
  return escapeHtml(String(slot));
}

/** A template whose every value is escaped, unless it is itself `html` (lists of them too). */
export function html(strings: TemplateStringsArray, ...slots: Slot[]): Html {
  return new Html(
    strings.reduce((out, part, i) => out + part + (i < slots.length ? render(slots[i]!) : ''), ''),
  );
}

/**
 * The page's headers: no script may run (there is none), nothing may frame it, forms post to us
 * only, and the secret in the URL never leaves in a Referer (the page links to maps and WhatsApp).
 */
export function sendHtml(res: ServerResponse, status: number, page: Html): void {
  const accepts = String(res.req?.headers['accept-encoding'] ?? '');
  const text = `<!doctype html>${page.text}`;
  // On 2G every kilobyte is a quarter of a second: a rider's day of deliveries shrinks fivefold.
  const body = /\bgzip\b/.test(accepts) && text.length > 1_000 ? gzipSync(text) : null;
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.setHeader('Vary', 'Accept-Encoding');
  if (body) res.setHeader('Content-Encoding', 'gzip');
  res.end(body ?? text);
}

export function redirectTo(res: ServerResponse, location: string): void {
  res.statusCode = 303;
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}

const MAX_FORM_BYTES = 8_000;

/** A small urlencoded form's fields; anything bigger than a rider's report is refused. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 413, 'Le formulaire est trop long.');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The page shell: phone-first, system fonts, the styles inline and an empty icon — one request in
 * all, nothing blocking the first paint.
 */
export function pageShell(input: { title: string; styles: string; body: Html }): Html {
  return html`<html lang="fr">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <link rel="icon" href="data:," />
      <title>${input.title}</title>
      <style>
        ${new Html(input.styles)}
      </style>
    </head>
    <body>
      ${input.body}
    </body>
  </html>`;
}
