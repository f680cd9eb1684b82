import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { callsTo, fail, inTurn, jsonBodyOf, ok, stubApi, testUser } from '@/test/api-stub';
import { expectLinks } from '@/test/expect-links';
import { renderPage } from '@/test/render';
import { LoginPage } from './login-page';

const browser = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => false),
  browserSupportsWebAuthnAutofill: vi.fn(() => Promise.resolve(false)),
  startAuthentication: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock('@simplewebauthn/browser', () => browser);

beforeEach(() => {
  browser.browserSupportsWebAuthn.mockReturnValue(false);
  browser.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
  browser.startAuthentication.mockReset();
  browser.WebAuthnAbortService.cancelCeremony.mockReset();
});

function renderLogin(url = '/login') {
  return renderPage(<LoginPage />, '/login', url);
}

async function signIn(email = 'ada@example.com', password = 'secret1') {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('LoginPage', () => {
  it('asks for an e-mail and a password before calling the server', async () => {
    const requests = stubApi();
    renderLogin();

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(requests).toHaveLength(0);
  });

  it('shows a wrong password in a destructive alert', async () => {
    stubApi({
      'POST /v1/auth/login': () =>
        fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password. Please try again.'),
    });
    renderLogin();

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('offers a new verification mail to an unverified account', async () => {
    const requests = stubApi({
      'POST /v1/auth/login': () =>
        fail(
          403,
          'EMAIL_NOT_VERIFIED',
          'Please verify your email before signing in. Check your inbox, or send a new link.',
        ),
      'POST /v1/auth/resend-verification': () => ok(null),
    });
    renderLogin();

    const user = await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please verify your email before signing in.',
    );

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect(
      await screen.findByText('If that account still needs verifying, a new link is on its way.'),
    ).toBeVisible();
    const [call] = callsTo(requests, 'POST /v1/auth/resend-verification');
    expect(jsonBodyOf(call)).toEqual({ email: 'ada@example.com' });
  });

  it('stores the token and goes to the profile', async () => {
    stubApi({ 'POST /v1/auth/login': () => ok({ accessToken: 'jwt-1', user: testUser }) });
    renderLogin();

    await signIn();

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/profile$/);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('jwt-1');
  });

  it('returns to the signed-in page that sent the visitor here', async () => {
    stubApi({ 'POST /v1/auth/login': () => ok({ accessToken: 'jwt-1', user: testUser }) });
    renderPage(<LoginPage />, '/login', {
      pathname: '/login',
      state: { returnTo: '/share-profile' },
    });

    await signIn();

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/share-profile$/);
  });

  it('goes back to pricing for a visitor who picked a plan', async () => {
    stubApi({ 'POST /v1/auth/login': () => ok({ accessToken: 'jwt-1', user: testUser }) });
    renderLogin('/login?redirect=pricing');

    await signIn();

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/pricing$/);
  });

  it('says it is busy while signing in', async () => {
    stubApi({ 'POST /v1/auth/login': () => new Promise<Response>(() => undefined) });
    renderLogin();

    await signIn();

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it('shows and hides the password with a named toggle', async () => {
    stubApi();
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to password recovery and to sign-up', () => {
    stubApi();
    renderLogin();
    expectLinks({ 'Forgot password?': '/forgot-password', 'Create an account': '/signup' });
  });
});

const request = {
  challengeId: '33333333-3333-4333-8333-333333333333',
  options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'preferred' },
};
const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
  type: 'public-key',
};
const cancelled = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), {
    name: 'NotAllowedError',
  });

describe('LoginPage with passkeys', () => {
  it('hides the passkey button where the browser has no WebAuthn', () => {
    stubApi();
    renderLogin();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('signs in with a passkey and stores the session as a password sign-in does', async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(true);
    browser.startAuthentication.mockResolvedValue(assertion);
    const requests = stubApi({
      'POST /v1/auth/passkeys/sign-in-options': () => ok(request),
      'POST /v1/auth/passkeys/sign-in': () => ok({ accessToken: 'jwt-pk', user: testUser }),
    });
    renderLogin();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/profile$/);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('jwt-pk');
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: request.options,
      useBrowserAutofill: false,
    });
    const [call] = callsTo(requests, 'POST /v1/auth/passkeys/sign-in');
    expect(jsonBodyOf(call)).toEqual({ challengeId: request.challengeId, response: assertion });
  });

  it('shows nothing alarming when the passkey prompt is cancelled', async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(true);
    browser.startAuthentication.mockRejectedValue(cancelled());
    const requests = stubApi({ 'POST /v1/auth/passkeys/sign-in-options': () => ok(request) });
    renderLogin();

    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });
    await userEvent.click(button);

    await waitFor(() => {
      expect(button).toHaveTextContent('Sign in with a passkey');
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(requests, 'POST /v1/auth/passkeys/sign-in')).toHaveLength(0);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's refusal of an unverified account", async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(true);
    browser.startAuthentication.mockResolvedValue(assertion);
    stubApi({
      'POST /v1/auth/passkeys/sign-in-options': () => ok(request),
      'POST /v1/auth/passkeys/sign-in': () =>
        fail(
          403,
          'EMAIL_NOT_VERIFIED',
          'Please verify your email before signing in. Check your inbox, or send a new link.',
        ),
    });
    renderLogin();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please verify your email before signing in.',
    );
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });

  it('offers passkeys in the e-mail field where the browser can, until the page is left', async () => {
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    browser.startAuthentication.mockReturnValue(new Promise(() => undefined));
    stubApi({ 'POST /v1/auth/passkeys/sign-in-options': () => ok(request) });
    const { unmount } = renderLogin();

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
    await waitFor(() => {
      expect(browser.startAuthentication).toHaveBeenCalledWith({
        optionsJSON: request.options,
        useBrowserAutofill: true,
      });
    });
    expect(browser.WebAuthnAbortService.cancelCeremony).not.toHaveBeenCalled();
    unmount();
    expect(browser.WebAuthnAbortService.cancelCeremony).toHaveBeenCalled();
  });

  it('signs in when a passkey is picked from the autofill', async () => {
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    browser.startAuthentication.mockResolvedValue(assertion);
    stubApi({
      'POST /v1/auth/passkeys/sign-in-options': () => ok(request),
      'POST /v1/auth/passkeys/sign-in': () => ok({ accessToken: 'jwt-auto', user: testUser }),
    });
    renderLogin();

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/profile$/);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('jwt-auto');
  });

  it("asks for the app's code after a right password, then signs in", async () => {
    const requests = stubApi({
      'POST /v1/auth/login': () =>
        ok({ secondStepTicket: 'ticket-1' }, 'Enter the code from your authenticator app.'),
      'POST /v1/auth/login/second-step': inTurn(
        fail(401, 'INVALID_CREDENTIALS', 'That code is not right. Check your app and try again.'),
        ok({ accessToken: 'jwt-2fa', user: testUser }),
      ),
    });
    renderLogin();
    const user = await signIn();

    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    await user.type(screen.getByLabelText('Code from your app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('That code is not right. Check your app and try again.'),
    ).toBeVisible();

    await user.clear(screen.getByLabelText('Code from your app'));
    await user.type(screen.getByLabelText('Code from your app'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/profile$/);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('jwt-2fa');
    const calls = callsTo(requests, 'POST /v1/auth/login/second-step');
    expect(jsonBodyOf(calls[1])).toEqual({ ticket: 'ticket-1', code: '123 456' });
  });

  it('takes a recovery code instead, and Back returns to the password', async () => {
    const requests = stubApi({
      'POST /v1/auth/login': () => ok({ secondStepTicket: 'ticket-1' }),
      'POST /v1/auth/login/second-step': () => ok({ accessToken: 'jwt-rc', user: testUser }),
    });
    renderLogin();
    const user = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/profile$/);
    const [call] = callsTo(requests, 'POST /v1/auth/login/second-step');
    expect(jsonBodyOf(call)).toEqual({ ticket: 'ticket-1', recoveryCode: 'abcde-fghjk' });
  });
});
