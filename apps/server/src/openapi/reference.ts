import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeRoute, type RouteDoc, TAGS } from './catalog';
import { errorBody } from './errors';

/** Where the reference lives under the API's prefix: the page, and the document it reads. */
const DOCS_PATH = '/docs';
const OPENAPI_PATH = '/openapi.json';

export type RouteCheck = { method: string; url: string; problem: 'sem schema' | 'sem descrição' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Routes registered without a zod schema or without a summary in catalog.ts: a test keeps this empty. */
    undocumentedRoutes: RouteCheck[];
  }
}

const INPUT_PARTS = ['params', 'querystring', 'body'] as const;
const SCHEMA_PARTS = [...INPUT_PARTS, 'response'] as const;
/** HEAD answers like GET, and OPTIONS are the widget's CORS preflights: neither is a call of its own. */
const NOT_CALLS = new Set(['HEAD', 'OPTIONS']);
const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => !NOT_CALLS.has(m));

/**
 * The API reference generated from the routes' zod schemas (OpenAPI 3.1 at /backend/openapi.json, Swagger UI at
 * /backend/docs). Register it on the /backend scope before any route: its onRoute hook sees every later one.
 * The summary, tag and error answers of each route come from catalog.ts and reach the document only, never
 * the runtime validation or serialization.
 */
export async function registerApiReference(api: FastifyInstance, prefix: string) {
  const undocumented = api.undocumentedRoutes;
  api.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    const url = route.url.slice(prefix.length) || '/';
    for (const method of methodsOf(route)) {
      if (!SCHEMA_PARTS.some((part) => route.schema?.[part])) undocumented.push({ method, url, problem: 'sem schema' });
      if (!describeRoute(method, url)) undocumented.push({ method, url, problem: 'sem descrição' });
    }
  });

  await api.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Balcão API',
        version: '1.0.0',
        description:
          'Tudo sob `/backend`. Autenticação: `Authorization: Bearer <authToken>` (de `POST /api/auth/login`). ' +
          'Erros: `{ message, code, errors? }` em português; decida pelo `code`, nunca pelo texto.',
      },
      tags: TAGS,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      const method = Array.isArray(input.route.method) ? input.route.method[0]! : input.route.method;
      if (NOT_CALLS.has(method)) return { schema: { hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      const doc = describeRoute(method, input.url.slice(prefix.length));
      return doc ? { ...out, schema: withDoc(doc, out.schema as Record<string, unknown> | undefined) } : out;
    },
  });
  await api.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    indexPrefix: prefix,
    theme: { title: 'Balcão — referência da API' },
    uiConfig: { docExpansion: 'none', deepLinking: true },
  });
  api.get(OPENAPI_PATH, { schema: { hide: true } }, async () => api.swagger());
}

/** A route's schema in the document, with its summary, tag, security and error answers added. */
function withDoc(doc: RouteDoc, schema: Record<string, unknown> = {}) {
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  const takesInput = INPUT_PARTS.some((part) => schema[part]);
  for (const status of takesInput ? [400, ...doc.errors] : doc.errors) response[status] ??= errorBody(status);
  return {
    ...schema,
    summary: doc.summary,
    tags: [doc.tag],
    ...(doc.security ? { security: [{ [doc.security]: [] }] } : {}),
    response,
  };
}
