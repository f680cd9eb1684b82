import { failureEnvelopeSchema, successEnvelope } from '@pbshare/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { expectEnvelope } from '../test/envelope.js';
import { useTestApp } from '../test/file-hooks.js';
import { created, ok } from './envelope.js';

const t = useTestApp();

const thing = successEnvelope(z.object({ name: z.string(), size: z.number().int().nullable() }));

beforeAll(() => {
  const app = t.app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: thing, 201: thing };
  // More than the schema lists, as a service that grew a field would hand over.
  const withSecrets = { name: 'kettlebell', size: 24, ownerId: 'u-1', mediaBytes: 123 };
  app.get('/v1/test/thing', { schema: { response } }, () => ok(withSecrets));
  app.post('/v1/test/thing', { schema: { response } }, (_request, reply) =>
    created(reply, withSecrets, 'Made'),
  );
  app.get('/v1/test/refused', { schema: { response } }, () => {
    throw new AppError('CONFLICT', 'That name is taken');
  });
  app.post(
    '/v1/test/checked',
    { schema: { body: z.object({ name: z.string().min(2, 'Name is too short') }), response } },
    (request) => ok({ name: request.body.name, size: null }),
  );
  app.get('/v1/test/crash', { schema: { response } }, () => {
    throw new Error('SQLITE_ERROR: no such column: password_hash');
  });
  // A handler whose answer breaks its own schema: the serializer refuses it.
  app.get('/v1/test/broken', { schema: { response } }, () => ok({ size: 1 }) as never);
});

describe('answers written through their response schema', () => {
  it('carry only the fields the schema lists', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test/thing' });
    expectEnvelope(res, {
      success: true,
      message: 'Request successful',
      data: { name: 'kettlebell', size: 24 },
      status: 200,
    });
    expect(res.body).not.toMatch(/ownerId|mediaBytes|u-1/);
  });

  it('say 201 once: the HTTP status and the envelope come from `created`', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/test/thing' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, status: 201, message: 'Made' });
  });

  it('still answer refusals and failures in the envelope, whose status the schema does not list', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/v1/test/refused' });
    expect(refused.statusCode).toBe(409);
    expect(failureEnvelopeSchema.strict().parse(refused.json())).toEqual({
      success: false,
      message: 'That name is taken',
      data: null,
      status: 409,
      code: 'CONFLICT',
    });

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/v1/test/checked',
      payload: { name: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(failureEnvelopeSchema.strict().parse(invalid.json())).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ field: 'name', message: 'Name is too short' }],
    });

    for (const url of ['/v1/test/crash', '/v1/test/broken']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(failureEnvelopeSchema.strict().parse(res.json()), url).toMatchObject({
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
      });
      expect(res.body).not.toMatch(/SQLITE|password_hash|required/);
    }
  });
});
