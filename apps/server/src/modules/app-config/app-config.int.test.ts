import { it } from 'vitest';
import { expectEnvelope } from '../../test/envelope.js';
import { useTestApp } from '../../test/file-hooks.js';

const t = useTestApp({ supportEmail: 'help@example.com', publicOrigin: 'https://pb.example' });

it('GET /v1/app-config shares the public settings in the envelope', async () => {
  expectEnvelope(await t.app.inject({ method: 'GET', url: '/v1/app-config' }), {
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
