import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, fail, jsonBodyOf, ok, stubApi, testUser } from '@/test/api-stub';
import { expectLinks } from '@/test/expect-links';
import { renderPage } from '@/test/render';
import { LoginPage } from './login-page';

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
