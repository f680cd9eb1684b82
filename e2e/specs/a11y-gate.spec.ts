import type { Locator, Page } from '@playwright/test';

import { expectAccessible, tabTo } from '../support/a11y.js';
import { apiSignIn, createVerifiedAccount, newAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { cardTitles, expandCard, pbCard, PHOTO } from '../support/pbs.js';
import {
  createPb,
  endScreenHeading,
  sharedData,
  sharerWithPbs,
  stubWebShare,
  visitStory,
} from '../support/share.js';

/**
 * The accessibility gate: every screen of the app, at the project's size, holds no serious or
 * critical WCAG 2.2 AA violation by axe (support/a11y.ts). Screens are grouped so each test's
 * page is reused across several of them; the checks are soft, so one run names every screen that
 * fails.
 */

const h1 = (page: Page, name: string): Locator => page.getByRole('heading', { level: 1, name });

/** Opens `path`, waits for its heading, then checks it. */
async function visit(page: Page, path: string, heading: string, name: string) {
  await page.goto(path);
  await expect(h1(page, heading)).toBeVisible();
  await expectAccessible(page, name);
}

test.describe('accessibility gate (WCAG 2.2 AA)', () => {
  test.beforeEach(async ({ page }) => {
    // Fades and slides finished at once: axe reads colours as painted, mid-fade text measures low.
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test("the visitor's pages", async ({ page }) => {
    test.setTimeout(90_000);
    await visit(page, '/', 'Every PB has a story. Show it off.', 'landing');
    await visit(page, '/pricing', 'Upgrade to Pro', 'pricing');
    await visit(page, '/terms', 'Terms of Service', 'terms');
    await visit(page, '/privacy', 'Privacy Policy', 'privacy');
    await visit(page, '/no/such/page', 'Oops! Page not found', 'not-found');
  });

  test('the account pages, with their errors shown', async ({ page }) => {
    test.setTimeout(90_000);
    await visit(page, '/login', 'Welcome back', 'sign-in');
    await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid email or password. Please try again.',
    );
    await expectAccessible(page, 'sign-in-refused');

    await visit(page, '/signup', 'Create your account', 'sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectAccessible(page, 'sign-up-errors');

    const account = newAccount();
    await page.getByRole('textbox', { name: 'Username' }).fill(account.username);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(h1(page, 'Verify Your Email')).toBeVisible();
    await expectAccessible(page, 'verify-email');

    await visit(page, '/forgot-password', 'Forgot your password?', 'forgot-password');
    await visit(page, '/reset-password?token=abc', 'Choose a new password', 'reset-password');
  });

  test('the signed-in pages: the profile, a card, the forms', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { account, token } = await sharerWithPbs(page, request, []);
    await page.goto('/profile');
    await expect(page.getByText('No Personal Bests Yet')).toBeVisible();
    await expectAccessible(page, 'profile-empty');

    // Today, so the better record shows its New PB badge and its change.
    const today = new Date().toISOString().slice(0, 10);
    await createPb(request, token, {
      title: 'Deadlift',
      value: '140 kg',
      sets: 3,
      reps: 5,
      date: '2026-01-10',
    });
    const best = await createPb(request, token, {
      title: 'Deadlift',
      value: '150 kg',
      sets: 3,
      reps: 5,
      date: today,
      story: 'Finally.',
    });
    await createPb(request, token, {
      title: 'Pull-ups',
      category: 'Bodyweight Training',
      value: '15 reps',
      sets: 3,
    });
    await page.reload();
    await expect(page.getByTestId('pb-card')).toHaveCount(2);
    await expect(h1(page, account.username)).toBeVisible();
    await expectAccessible(page, 'profile');
    await expandCard(page, 'Deadlift');
    await expectAccessible(page, 'profile-open-card');

    await visit(page, '/add-pb', 'Add New Personal Best', 'add-pb');
    await page.getByRole('button', { name: 'Save Personal Best' }).click();
    await expect(page.getByText('Exercise name is required')).toBeVisible();
    await expectAccessible(page, 'add-pb-errors');

    await visit(page, `/edit-pb/${best.id}`, 'Edit Personal Best', 'edit-pb');
    await page.getByLabel('Exercise name').fill('');
    await page.getByRole('button', { name: 'Update Personal Best' }).click();
    await expect(page.getByText('Exercise name is required')).toBeVisible();
    await expectAccessible(page, 'edit-pb-errors');
  });

  test('the settings tabs, sharing and the preview', async ({ page, request }) => {
    test.setTimeout(120_000);
    await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '150 kg', sets: 3, reps: 5, story: 'Finally.' },
      { title: 'Pull-ups', category: 'Bodyweight Training', value: '15 reps', sets: 3 },
    ]);
    await visit(page, '/profile/settings', 'Profile Settings', 'settings-profile');
    const tabs = page.getByRole('tablist', { name: 'Settings' }).getByRole('tab');
    for (const tab of await tabs.allTextContents()) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      await expectAccessible(page, `settings-${tab.toLowerCase()}`);
    }

    await visit(page, '/share-profile', 'Share Profile', 'share-profile');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('story-frame')).toBeVisible();
    await expectAccessible(page, 'share-profile-preview');
  });

  test('the public page: its story and its end screen', async ({ page, request }) => {
    test.setTimeout(90_000);
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '150 kg', sets: 3, reps: 5, story: 'Finally.' },
      { title: 'Pull-ups', category: 'Bodyweight Training', value: '15 reps', sets: 3 },
    ]);
    await visitStory(page, `/${account.username}`);
    await expectAccessible(page, 'public-story');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(endScreenHeading(page)).toBeVisible();
    await expectAccessible(page, 'public-end-screen');
  });

  test('a keyboard alone signs in, adds a PB, reorders, hides, shares and signs out', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const account = await createVerifiedAccount(request);
    await createPb(request, await apiSignIn(request, account), {
      title: 'Deadlift',
      value: '150 kg',
    });
    await stubWebShare(page);

    await page.goto('/login');
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(account.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('pb-card')).toHaveCount(1);

    await tabTo(page, page.getByRole('link', { name: 'Add New', exact: true }));
    await page.keyboard.press('Enter');
    await expect(h1(page, 'Add New Personal Best')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Upload a photo or video' }));
    // The system's file dialog is outside the page: the test answers it.
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(PHOTO());
    await tabTo(page, page.getByLabel('Exercise name'));
    await page.keyboard.type('Bench Press');
    await tabTo(page, page.getByRole('textbox', { name: /^Weight/ }));
    await page.keyboard.type('100');
    await tabTo(page, page.getByRole('button', { name: 'Save Personal Best' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('pb-card')).toHaveCount(2);
    const [first, second] = (await cardTitles(page)) as [string, string];

    // Space picks the card up, an arrow moves it, space drops it (pbs-keyboard.spec.ts has more).
    await tabTo(page, page.getByRole('button', { name: `Drag to reorder ${first}` }));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('pb-drag-overlay')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`${first} is over position 2 of 2.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText('Your personal bests order has been updated')).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual([second, first]);

    await tabTo(page, page.getByRole('button', { name: 'Hide Deadlift from your public page' }));
    await page.keyboard.press('Enter');
    await expect(
      pbCard(page, 'Deadlift').getByRole('button', { name: 'Show Deadlift on your public page' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await tabTo(page, page.getByRole('button', { name: /^Bench Press: .*Show details$/ }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Share this PB: Bench Press' }));
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await sharedData(page)).length).toBe(1);

    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) {
      await tabTo(page, menu);
      await page.keyboard.press('Enter');
    }
    await tabTo(page, page.getByRole('button', { name: 'Sign Out' }));
    await page.keyboard.press('Enter');
    await expect(h1(page, 'Every PB has a story. Show it off.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Your profile' })).toHaveCount(
      0,
    );
  });
});
