import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, fail, ok, stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { VerifyPage } from './verify-page';

describe('VerifyPage', () => {
  it('shows Loading... while it verifies, then goes to sign-in with a notice', async () => {
    let answer: (response: Response) => void = () => undefined;
    const requests = stubApi({
      'GET /v1/auth/verify': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderPage(<VerifyPage />, '/verify', '/verify?token=abc');

    expect(await screen.findByText('Loading...')).toBeVisible();
    answer(ok(null, 'Your email is verified. You can sign in now.'));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(screen.getByTestId('location-state')).toHaveTextContent(
      'Your email is verified. You can sign in now.',
    );
    const [call] = callsTo(requests, 'GET /v1/auth/verify');
    expect(call ? call.path + call.url.search : '').toBe('/v1/auth/verify?token=abc');
  });

  it('explains an expired link and sends a new one', async () => {
    const user = userEvent.setup();
    const requests = stubApi({
      'GET /v1/auth/verify': () =>
        fail(
          400,
          'TOKEN_EXPIRED',
          'This verification link has expired. We can send you a new one.',
        ),
      'POST /v1/auth/resend-verification': () => ok(null),
    });
    renderPage(<VerifyPage />, '/verify', '/verify?token=old');

    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This verification link has expired. We can send you a new one.',
    );

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));

    expect(
      await screen.findByText('If that account still needs verifying, a new link is on its way.'),
    ).toBeVisible();
    expect(callsTo(requests, 'POST /v1/auth/resend-verification')).toHaveLength(1);
  });

  it('says a used link is not valid', async () => {
    stubApi({
      'GET /v1/auth/verify': () =>
        fail(400, 'TOKEN_INVALID', 'This verification link has already been used.'),
    });
    renderPage(<VerifyPage />, '/verify', '/verify?token=used');

    expect(
      await screen.findByRole('heading', { name: 'We could not verify your email' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This verification link has already been used.',
    );
  });

  it('calls nothing without a token', async () => {
    const requests = stubApi();
    renderPage(<VerifyPage />, '/verify');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is incomplete.',
    );
    expect(callsTo(requests, 'GET /v1/auth/verify')).toHaveLength(0);
  });
});
