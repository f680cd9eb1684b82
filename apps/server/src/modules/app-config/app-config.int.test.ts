import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ supportEmail: 'help@example.com', publicOrigin: 'https://pb.example' });
});
afterAll(() => t.close());

it('GET /v1/app-config shares the public settings in the envelope', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/app-config' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    success: true,
    message: 'Request successful',
    status: 200,
    data: {
      productName: 'PBShare',
      publicOrigin: 'https://pb.example',
      supportEmail: 'help@example.com',
      privacyEmail: 'privacy@pbshare.app',
      payments: 'demo',
    },
  });
});
