import http from 'node:http';
import type { ApiTestbed } from './api-testbed';

export interface Answer {
  status: number;
  text: string;
  location: string | null;
  setCookie: string | null;
}

/**
 * A browser's request to the online shop, redirects not followed; a form is posted as the page's
 * would be; `host` as a shop's own domain would send it.
 */
export function visitor(bed: ApiTestbed) {
  return (
    path: string,
    options: { cookie?: string; form?: Record<string, string>; host?: string } = {},
  ): Promise<Answer> => {
    const url = new URL(`${bed.server.url}${path}`);
    const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
    const headers: Record<string, string> = { host: options.host ?? url.host };
    if (options.cookie) headers.cookie = options.cookie;
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: body ? 'POST' : 'GET',
          headers,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              location: response.headers.location ?? null,
              setCookie: response.headers['set-cookie']?.[0] ?? null,
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}

/** The cookie a Set-Cookie answer gives, as the browser sends it back. */
export const cookieOf = (answer: Answer) => answer.setCookie!.split(';')[0]!;
