import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createUser, type Member } from '../helpers/fixtures';
import { ROUTES } from '@/features/routes';
import type { Route } from '@/server/http/define-route';
import { setPlatformOperator } from '@/features/user/server/user.repository';

// Every text field of every route, found by walking the routes' own schemas (never listed by
// hand, so a new route or field is covered the day it lands): a NUL character or half a UTF-16
// pair is refused with a 422 naming the field, not stored, not a 500.

const bed = setupApiTestbed();
let operator: Member;
beforeAll(async () => {
  operator = await createUser(bed.database.db, 'Opératrice');
  await setPlatformOperator(bed.database.db, operator.user.id, true);
});

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Paths of the string fields a schema accepts (`lines.0.name`), the first array item standing for all. */
function textPaths(schema: unknown, at = '', seen = new Set<unknown>()): string[] {
  if (!schema || seen.has(schema)) return [];
  const def = defOf(schema);
  const next = new Set(seen).add(schema);
  const join = (key: string) => (at ? `${at}.${key}` : key);
  switch (def.type) {
    case 'string':
      return [at];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) =>
        textPaths(field, join(key), next),
      );
    case 'array':
      return textPaths(def.element, join('0'), next);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return textPaths(def.innerType, at, next);
    case 'pipe':
      return textPaths(def.in, at, next);
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap((option) => textPaths(option, at, next)))];
    case 'intersection':
      return [...textPaths(def.left, at, next), ...textPaths(def.right, at, next)];
    default:
      return [];
  }
}

/** A value with `bad` at `path`, built from the path alone (`lines.0.name` → { lines: [{ name }] }). */
function valueAt(path: string, bad: string): Record<string, unknown> {
  const keys = path.split('.');
  const root: Record<string, unknown> = {};
  let node: Record<string, unknown> | unknown[] = root;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const child = last ? bad : /^\d+$/.test(keys[i + 1]!) ? [] : {};
    if (Array.isArray(node)) node[Number(key)] = child;
    else node[key] = child;
    node = child as Record<string, unknown>;
  });
  return root;
}

const MALFORMED = { NUL: 'a\u0000b', 'lone surrogate': 'note \ud83d fin' };

function tokenFor(route: Route): string | undefined {
  if (route.isPublic) return undefined;
  return route.operatorOnly ? operator.token : bed.awa.members.admin.token;
}

function pathWith(route: Route, params: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? bed.awa.shop.id),
  );
}

const jsonRoutes = ROUTES.filter((r) => !r.raw);

describe('malformed text, on every route', () => {
  it('finds text fields in the routes’ schemas (the walk is not silently empty)', () => {
    const bodies = jsonRoutes.filter((r) => r.method === 'POST' && !r.upload && textPaths(r.body).length);
    expect(bodies.length).toBeGreaterThan(30);
    expect(textPaths(jsonRoutes.find((r) => r.path === '/api/order/create')!.body)).toEqual(
      expect.arrayContaining(['lines.0.variantId', 'internalNote']),
    );
  });

  for (const [kind, bad] of Object.entries(MALFORMED)) {
    it(`refuses ${kind} in any body field with a 422 naming it`, async () => {
      const failures: string[] = [];
      for (const route of jsonRoutes.filter((r) => r.method === 'POST' && !r.upload)) {
        for (const field of textPaths(route.body)) {
          const body = valueAt(field, bad);
          if (route.shop?.from === 'body' && field !== route.shop.key) body[route.shop.key] = bed.awa.shop.id;
          const answer = await bed.server.call('POST', pathWith(route, {}), { token: tokenFor(route), body });
          if (answer.status !== 422 || !answer.body?.error?.details?.[field])
            failures.push(`${route.path} ${field}: ${answer.status} ${JSON.stringify(answer.body?.error)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  // A URL cannot carry half a UTF-16 pair: percent-decoding makes it U+FFFD, which is harmless.
  it('refuses NUL in any query or path parameter with a 422 naming it', async () => {
    const failures: string[] = [];
    for (const route of jsonRoutes) {
      const queryFields = textPaths(route.query).filter((p) => !p.includes('.'));
      for (const field of queryFields) {
        const query = new URLSearchParams({ [field]: MALFORMED.NUL });
        if (route.shop?.from === 'query' && field !== route.shop.key)
          query.set(route.shop.key, bed.awa.shop.id);
        const answer = await bed.server.call(route.method, `${pathWith(route, {})}?${query}`, {
          token: tokenFor(route),
          ...(route.method === 'POST' ? { body: {} } : {}),
        });
        if (answer.status !== 422 || !answer.body?.error?.details?.[field])
          failures.push(`${route.path} ?${field}: ${answer.status} ${JSON.stringify(answer.body?.error)}`);
      }
      for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
        const answer = await bed.server.call(route.method, pathWith(route, { [name!]: MALFORMED.NUL }), {
          token: tokenFor(route),
          ...(route.method === 'POST' ? { body: {} } : {}),
        });
        if (answer.status !== 422 || !answer.body?.error?.details?.[name!])
          failures.push(`${route.path} {${name}}: ${answer.status} ${JSON.stringify(answer.body?.error)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps well-formed text, emoji and accents included', async () => {
    const answer = await bed.server.call('POST', '/api/client/create', {
      token: bed.awa.members.admin.token,
      body: { shopId: bed.awa.shop.id, name: 'Aïssatou 👩🏾‍🍳 N’Diaye' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe('Aïssatou 👩🏾‍🍳 N’Diaye');
  });
});
