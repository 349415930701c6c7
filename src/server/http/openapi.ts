import { z } from 'zod';
import type { Route } from './define-route';

const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  void _ignored;
  return rest;
}

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** Where the document is served (by the API dispatcher), a path clients and tools already know. */
export const OPENAPI_PATH = '/api/openapi.json';

/** OpenAPI 3.1, generated from the same zod schemas the wrapper validates with. */
export function buildOpenApiDocument(routes: readonly Route[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.raw) {
      (paths[route.path] ??= {})[route.method.toLowerCase()] = {
        tags: [route.tag],
        summary: route.summary,
        security: [],
        parameters: [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
          name: m[1],
          in: 'path',
          required: true,
          schema: { type: 'string' },
        })),
        responses: { 200: { description: 'Succès' }, 303: { description: 'Redirection' } },
      };
      continue;
    }
    const operation: Record<string, unknown> = {
      tags: [route.tag],
      summary: route.summary,
      operationId: route.path
        .split('/')
        .filter((p) => p && !p.startsWith('{'))
        .slice(1)
        .join('_'),
      security: route.isPublic ? [] : [{ bearerAuth: [] }],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      responses: {
        200: {
          description: 'Succès',
          content: route.produces
            ? { [route.produces]: { schema: { type: 'string', format: 'binary' } } }
            : { 'application/json': { schema: jsonSchema(route.response, 'output') } },
        },
        ...(route.isPublic ? {} : { 401: errorResponse('Non connecté') }),
        ...(route.permission ? { 403: errorResponse('Rôle insuffisant ou boutique bloquée') } : {}),
        ...(route.shop
          ? { 404: errorResponse('Boutique inconnue ou dont l’appelant n’est pas membre') }
          : {}),
        422: errorResponse('Données invalides (détails par champ)'),
      },
    };
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API Comptoir',
      version: '1.0.0',
      description: 'API du back-office Comptoir. Erreurs : { error: { code, message, details } }.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(ZErrorBody, 'output') },
    },
  };
}
