import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { expectEnvelope, expectFailure } from '../test/envelope.js';
import { useTestApp } from '../test/file-hooks.js';

const t = useTestApp();

beforeAll(() => {
  const app = t.app.withTypeProvider<ZodTypeProvider>();
  app.get('/v1/test/conflict', () => {
    throw new AppError('CONFLICT', 'That username is taken');
  });
  app.get('/v1/test/crash', () => {
    throw new Error('SQLITE_ERROR: no such column: password_hash in SELECT * FROM users');
  });
  app.post(
    '/v1/test/echo',
    {
      schema: { body: z.object({ name: z.string().min(2, 'Name is too short'), age: z.number() }) },
    },
    (request) => ({ ok: request.body.name }),
  );
  app.get('/v1/test/big', () => ({ text: 'x'.repeat(10_000) }));
});

describe('the /v1 envelope and error handling', () => {
  it('answers unknown /v1 routes with a 404 envelope', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/v1/nope' }), {
      success: false,
      message: 'No such endpoint: GET /v1/nope',
      data: null,
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('turns an AppError into its status, code and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test/conflict' });
    expectFailure(res, 409, 'CONFLICT', 'That username is taken');
  });

  it('hides the details of an unexpected error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test/crash' });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ message: string; code: string }>();
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(body.message).toBe('Something went wrong on our side. Please try again.');
    expect(res.body).not.toMatch(/SQLITE|SELECT|password_hash|at /);
  });

  it('answers invalid input with 400 and one issue per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      payload: { name: 'a', age: 'old' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; issues: { field: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.issues.map((i) => i.field).sort()).toEqual(['age', 'name']);
    expect(body.issues.find((i) => i.field === 'name')?.message).toBe('Name is too short');
  });

  it('answers a malformed JSON body with a 400 envelope, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 400, code: 'BAD_REQUEST' });
  });

  it('answers an oversized body with 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), age: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('cross-cutting headers', () => {
  it('gives every answer a request id, keeping a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234');

    const replaced = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a strict Content-Security-Policy and no HSTS over plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('leaves out the legacy headers that guard nothing in the browsers it serves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    for (const legacy of [
      'x-xss-protection',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-dns-prefetch-control',
      'origin-agent-cluster',
    ]) {
      expect(res.headers[legacy], legacy).toBeUndefined();
    }
  });

  it('compresses large answers for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/test/big',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
