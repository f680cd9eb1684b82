import { expectSignedIn, signedInAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';

test.describe('session refresh across tabs', () => {
  test('two tabs whose access token expired together refresh once and both stay signed in', async ({
    page,
    request,
  }) => {
    // Two tabs signing in and reloading twice each: near the default limit on a busy machine.
    test.slow();
    const account = await signedInAccount(page, request);
    const other = await page.context().newPage();
    await other.goto('/profile');
    await expectSignedIn(other, account.username);

    const refreshes: string[] = [];
    page.context().on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/v1/auth/refresh') refreshes.push(sent.url());
    });

    // Both tabs share localStorage: a token the server refuses stands for one that expired.
    await page.evaluate("localStorage.setItem('accessToken', 'expired.access.token')");

    await Promise.all([page.reload(), other.reload()]);

    await expectSignedIn(page, account.username);
    await expectSignedIn(other, account.username);
    expect(refreshes).toHaveLength(1);

    // The one new refresh cookie keeps working for both tabs.
    await page.evaluate("localStorage.setItem('accessToken', 'expired.again')");
    await other.reload();
    await expectSignedIn(other, account.username);
    await page.reload();
    await expectSignedIn(page, account.username);
    expect(refreshes).toHaveLength(2);
    await other.close();
  });
});
