import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/harness';
import { documentedRoutes } from './catalog';
import { registerApiReference, type RouteCheck } from './reference';

type Operation = { summary?: string; tags?: string[]; security?: unknown[]; responses: Record<string, unknown> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('API reference', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: '/backend/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('every route has a zod schema and a summary in catalog.ts', () => {
    expect(t.app.undocumentedRoutes).toEqual([]);
  });

  it('catalog.ts documents no route that is gone', () => {
    const operations = Object.entries(doc.paths).flatMap(([url, ops]) =>
      Object.keys(ops).map((m) => `${m} ${url.slice('/backend'.length).replace(/\{(\w+)\}/g, ':$1')}`.toLowerCase()),
    );
    expect(documentedRoutes().filter((key) => !operations.includes(key))).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('gives each operation a summary, a group and its error answers in Portuguese', () => {
    const ops = Object.values(doc.paths).flatMap((o) => Object.values(o));
    expect(ops.length).toBeGreaterThan(100);
    for (const op of ops) {
      expect(op.summary).toBeTruthy();
      expect(op.tags).toHaveLength(1);
      expect(op.responses['503']).toBeDefined();
    }
    const login = doc.paths['/backend/api/auth/login']!.post!;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(login.security).toBeUndefined();
    const del = doc.paths['/backend/api/departamentos/{id}']!.delete!;
    expect(del.responses['403']).toMatchObject({ description: 'O papel do usuário não permite esta ação.' });
    expect(del.security).toEqual([{ bearer: [] }]);
  });

  it('serves the reference page, with or without the slash, with scripts from our own origin only', async () => {
    for (const url of ['/backend/docs', '/backend/docs/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      expect(page.body).not.toMatch(/<script(?![^>]*src=)[^>]*>/);
      for (const src of scripts) {
        expect(src).not.toMatch(/^(https?:)?\/\//);
        const asset = await t.app.inject({ method: 'GET', url: new URL(src, `http://x${url}`).pathname });
        expect(asset.statusCode, `${url}: ${src}`).toBe(200);
        expect(asset.headers['content-type'], src).toContain('javascript');
      }
    }
  });
});

describe('the route check', () => {
  it('lists a route registered without a schema, and one missing from the catalog', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('undocumentedRoutes', [] as RouteCheck[]);
    await app.register(
      async (api) => {
        await registerApiReference(api, '/backend');
        api.get('/health', async () => ({ status: 'ok' }));
        api.get('/nao-catalogada', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
      },
      { prefix: '/backend' },
    );
    await app.ready();
    expect(app.undocumentedRoutes).toEqual([
      { method: 'GET', url: '/health', problem: 'sem schema' },
      { method: 'GET', url: '/nao-catalogada', problem: 'sem descrição' },
    ]);
    await app.close();
  });
});
