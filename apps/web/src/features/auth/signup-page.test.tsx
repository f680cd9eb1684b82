import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@pbshare/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { callsTo, fail, jsonBodyOf, ok, stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { PASSKEY_SIGN_UP_CANCELLED_MESSAGE, SignupPage } from './signup-page';
import {
  passkeyAnswer as answer,
  passkeyCreation as creation,
} from '@/test/fixtures/passkey-ceremony';

const browser = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => false),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => browser);

beforeEach(() => {
  browser.browserSupportsWebAuthn.mockReturnValue(false);
  browser.startRegistration.mockReset();
});

function renderSignup(url = '/signup') {
  return renderPage(<SignupPage />, '/signup', url);
}

describe('SignupPage', () => {
  it('prefills the username from the claim box and shows the password hint', () => {
    stubApi();
    renderSignup('/signup?username=Ada%20Lifts');

    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('Ada Lifts');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains every field that is missing or malformed, and sends nothing', async () => {
    const user = userEvent.setup();
    const requests = stubApi();
    renderSignup('/signup?username=Ada%20Lifts');

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Email is required',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      'Usernames can use letters, numbers, dots, dashes and underscores',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.clear(screen.getByRole('textbox', { name: 'Username' }));
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'login');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(screen.getByText('That username is reserved')).toBeVisible();
    expect(callsTo(requests, 'POST /v1/auth/register')).toHaveLength(0);
  });

  it('shows the server refusal in an alert and on the field it names', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /v1/auth/register': () => fail(409, 'USERNAME_TAKEN', 'That username is taken'),
    });
    renderSignup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    // The alert above the form, and the field's own message.
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('That username is taken');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      'That username is taken',
    );
  });

  it('after sign-up shows the verify-your-email screen, with a way back to the form', async () => {
    const user = userEvent.setup();
    const requests = stubApi({
      // No account in the answer: it reads the same for an address that already has one.
      'POST /v1/auth/register': () => ok(null, AUTH_MESSAGES.signedUp, 201),
      'POST /v1/auth/resend-verification': () => ok(null),
    });
    renderSignup('/signup?username=ada');

    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' Ada@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    const submit = screen.getByRole('button', { name: 'Create account' });
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    const [call] = callsTo(requests, 'POST /v1/auth/register');
    expect(jsonBodyOf(call)).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      displayName: 'ada',
    });
    expect(screen.getByText('ada@example.com')).toBeVisible();
    expect(screen.getByText('Check your inbox')).toBeVisible();
    expect(document.title).toBe('Verify your email · PBShare');
    expect(screen.getByRole('link', { name: 'I have verified my email' })).toHaveAttribute(
      'href',
      '/login',
    );

    await user.click(screen.getByRole('button', { name: 'Send it again' }));
    expect(
      await screen.findByText('If that account still needs verifying, a new link is on its way.'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const form = screen.getByRole('form', { name: 'Sign up' });
    expect(document.title).toBe('Sign up · PBShare');
    expect(within(form).getByRole('textbox', { name: 'Username' })).toHaveValue('ada');
    expect(within(form).getByLabelText('Password')).toHaveValue('');
  });

  it("'Try again' keeps the username, never the password, says so, and signs up again", async () => {
    const user = userEvent.setup();
    const requests = stubApi({
      'POST /v1/auth/register': () => ok(null, AUTH_MESSAGES.signedUp, 201),
    });
    renderSignup('/signup?username=ada');
    expect(screen.queryByText(AUTH_MESSAGES.usernameKeptForRetry)).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@exmaple.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));

    const form = screen.getByRole('form', { name: 'Sign up' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your username is kept. Enter the right email and the same password.',
    );
    expect(within(form).getByRole('textbox', { name: 'Username' })).toHaveValue('ada');
    expect(within(form).getByLabelText('Password')).toHaveValue('');
    const email = within(form).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();

    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.type(within(form).getByLabelText('Password'), 'secret1');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('ada@example.com')).toBeVisible();
    expect(jsonBodyOf(callsTo(requests, 'POST /v1/auth/register')[1])).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      displayName: 'ada',
    });
  });

  it('says it is busy while the account is created', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /v1/auth/register': () => new Promise<Response>(() => undefined) });
    renderSignup('/signup?username=ada');

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
  });
});

describe('SignupPage with a passkey', () => {
  const fillDetails = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' Ada@Example.com ');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ada');
  };

  it('is not offered where the browser cannot make passkeys', () => {
    stubApi();
    renderSignup();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Sign up with a passkey' }),
    ).not.toBeInTheDocument();
  });

  it('signs up with the e-mail and username only, then shows the verify screen', async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(true);
    browser.startRegistration.mockResolvedValue(answer);
    const user = userEvent.setup();
    const requests = stubApi({
      'POST /v1/auth/passkeys/sign-up-options': () => ok(creation),
      'POST /v1/auth/passkeys/sign-up': () => ok(null, AUTH_MESSAGES.signedUp, 201),
    });
    renderSignup();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Sign up with a passkey' }));

    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    expect(screen.getByText('ada@example.com')).toBeVisible();
    expect(jsonBodyOf(callsTo(requests, 'POST /v1/auth/passkeys/sign-up-options')[0])).toEqual({
      email: 'ada@example.com',
      displayName: 'ada',
    });
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: creation.options });
    expect(jsonBodyOf(callsTo(requests, 'POST /v1/auth/passkeys/sign-up')[0])).toEqual({
      email: 'ada@example.com',
      displayName: 'ada',
      challengeId: creation.challengeId,
      response: answer,
    });
    expect(callsTo(requests, 'POST /v1/auth/register')).toHaveLength(0);
    // No password proves a pending account is theirs, so there is no retry with the same name.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('checks the e-mail and username first, and shows a taken name on its field', async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(true);
    const user = userEvent.setup();
    const requests = stubApi({
      'POST /v1/auth/passkeys/sign-up-options': () =>
        fail(409, 'USERNAME_TAKEN', 'That username is taken'),
    });
    renderSignup();
    await user.click(screen.getByRole('button', { name: 'Sign up with a passkey' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Email is required',
    );
    // The password is not asked for.
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(requests, 'POST /v1/auth/passkeys/sign-up-options')).toHaveLength(0);

    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Sign up with a passkey' }));
    expect(await screen.findByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      'That username is taken',
    );
    expect(browser.startRegistration).not.toHaveBeenCalled();
  });

  it('says calmly that nothing happened when the prompt is cancelled, and keeps the form', async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(true);
    browser.startRegistration.mockRejectedValue(
      Object.assign(new Error('The operation was cancelled.'), { name: 'NotAllowedError' }),
    );
    const user = userEvent.setup();
    const requests = stubApi({ 'POST /v1/auth/passkeys/sign-up-options': () => ok(creation) });
    renderSignup();
    await fillDetails(user);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign up with a passkey' }));

    expect(await screen.findByText(PASSKEY_SIGN_UP_CANCELLED_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('Ada@Example.com');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('ada');
    expect(screen.getByLabelText('Password')).toHaveValue('secret1');
    expect(callsTo(requests, 'POST /v1/auth/passkeys/sign-up')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Sign up with a passkey' })).toBeEnabled();
  });
});
