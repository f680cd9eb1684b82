import { signedInAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';

test.describe('/profile on a slow network', () => {
  test('paints the header and card skeletons before any script arrives, then the profile', async ({
    page,
    request,
  }, testInfo) => {
    const account = await signedInAccount(page, request);

    // Scripts held back as on a slow link: whatever paints meanwhile came with the document.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });

    await page.goto('/profile', { waitUntil: 'commit' });
    const skeleton = page.getByRole('status', { name: 'Loading your profile' });
    await expect(skeleton).toBeVisible();
    // The shell's header sits where the profile's header will: the top bar, then the box.
    const boxes = skeleton.locator(':scope > div');
    await expect(boxes).toHaveCount(2);
    await page.screenshot({ path: testInfo.outputPath('profile-skeleton.png') });

    release();
    // Generous: the whole app now loads at once on a machine that may be busy.
    await expect(page.getByTestId('profile-display-name')).toHaveText(account.username, {
      timeout: 20_000,
    });
    await expect(skeleton).toHaveCount(0);
  });
});
