import { MODERATION_MESSAGES } from '@pbshare/shared';
import type { Locator, Page } from '@playwright/test';

import { expectAccessible } from '../support/a11y.js';
import { createVerifiedAccount, apiSignIn } from '../support/accounts.js';
import { adminAction, newAdmin, sendAppeal, sendReport, userIdOf } from '../support/admins.js';
import { test, expect } from '../support/fixtures.js';
import { pbCard } from '../support/pbs.js';
import { createPb, signInPage } from '../support/share.js';

/** Fills the reason in the action's dialog and confirms it with the button of that name. */
async function confirmAction(page: Page, title: string, button: string, reason: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('Reason').fill(reason);
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/v1/admin/actions' &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: button }).click();
  expect((await answered).status()).toBe(200);
  // The last toast: an earlier action's toast may still be on screen.
  await expect(
    page.getByText(MODERATION_MESSAGES.actionDone, { exact: true }).last(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** An owner with one PB, signed in through the API. */
async function ownerWithPb(request: Parameters<typeof createVerifiedAccount>[0]) {
  const account = await createVerifiedAccount(request);
  const token = await apiSignIn(request, account);
  const pb = await createPb(request, token, { title: 'Deadlift', value: '405 lbs' });
  return { account, token, pb, userId: await userIdOf(request, token) };
}

function auditLine(log: Locator, text: string): Locator {
  return log.getByRole('listitem').filter({ hasText: text });
}

test.describe('moderation', () => {
  test('an admin hides a reported PB and suspends a reported profile, and the log keeps both', async ({
    page,
    request,
  }) => {
    const owner = await ownerWithPb(request);
    const username = owner.account.username;
    await sendReport(request, {
      username,
      pbId: owner.pb.id,
      reason: 'nudity',
      note: 'Look at the background',
    });
    await sendReport(request, { username, pbId: owner.pb.id, reason: 'nudity' });
    await sendReport(request, { username, reason: 'spam', note: 'Fake profile' });

    const admin = await newAdmin(request);
    await signInPage(page, admin.account);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();

    const pbReport = page.getByRole('article', { name: `Deadlift by @${username}` });
    await expect(pbReport.getByText('Nudity or sexual content')).toBeVisible();
    await expect(pbReport.getByText('2 reports')).toBeVisible();
    await expect(pbReport.getByText('Look at the background')).toBeVisible();
    await expect(pbReport.getByRole('img', { name: 'Deadlift' })).toBeVisible();
    await expect(
      pbReport.getByRole('link', { name: `@${username} (opens in a new tab)` }),
    ).toHaveAttribute('href', `/${username}`);
    await expectAccessible(page, 'admin-reports');

    await pbReport.getByRole('button', { name: 'Hide PB' }).click();
    await confirmAction(page, 'Hide Deadlift?', 'Hide PB', 'Nudity in the background');
    await expect(pbReport).toBeHidden();

    const profileReport = page.getByRole('article', { name: `Profile @${username}` });
    await expect(profileReport.getByText('Spam or a fake profile')).toBeVisible();
    await expect(profileReport.getByText('Hid a PB')).toBeVisible();
    await profileReport.getByRole('button', { name: 'Suspend profile' }).click();
    await confirmAction(page, `Suspend @${username}?`, 'Suspend profile', 'A fake profile');
    await expect(profileReport).toBeHidden();

    await page.getByRole('tab', { name: 'Audit log' }).click();
    const log = page.getByRole('list', { name: 'Audit log' });
    const suspended = auditLine(log, `Suspended the profile @${username}`);
    const hidden = auditLine(log, `Hid a PB @${username}`);
    await expect(suspended).toContainText('Reason: A fake profile');
    await expect(suspended).toContainText(admin.account.email);
    await expect(hidden).toContainText('Reason: Nudity in the background');
    await expectAccessible(page, 'admin-audit-log');
    // Newest first: the suspension came after the hiding.
    const lines = await log.getByRole('listitem').allTextContents();
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(at(`Suspended the profile @${username}`)).toBeLessThan(at(`Hid a PB @${username}`));
  });

  test('the owner sees why, cannot show the hidden PB, and appeals', async ({ page, request }) => {
    const owner = await ownerWithPb(request);
    const admin = await newAdmin(request);
    await adminAction(request, admin.token, {
      action: 'hide-pb',
      userId: owner.userId,
      exerciseId: owner.pb.exerciseId,
      reason: 'Nudity in the background',
    });
    await adminAction(request, admin.token, {
      action: 'suspend',
      userId: owner.userId,
      reason: 'A fake profile',
    });

    await signInPage(page, owner.account);
    await page.goto('/profile');
    await expect(page.getByText('Your profile is suspended: A fake profile')).toBeVisible();
    await expect(
      page.getByText(
        'Your public page is not available to anyone. You can still sign in, download your data and appeal.',
      ),
    ).toBeVisible();
    const card = pbCard(page, 'Deadlift');
    await expect(
      card.getByText(`${MODERATION_MESSAGES.hiddenByModeration}: Nudity in the background`),
    ).toBeVisible();
    await expect(
      card.getByRole('button', { name: 'Show Deadlift on your public page' }),
    ).toBeDisabled();
    await expectAccessible(page, 'suspended-profile');

    await page.getByRole('link', { name: 'See the decision and appeal' }).click();
    await expect(page.getByRole('tab', { name: 'Moderation', selected: true })).toBeVisible();
    const decisions = page.getByRole('list', { name: 'Decisions' });
    await expect(decisions.getByText('PB hidden: Deadlift')).toBeVisible();
    await expect(decisions.getByText('Reason: Nudity in the background')).toBeVisible();
    await expectAccessible(page, 'settings-moderation');

    await decisions.getByRole('button', { name: 'Appeal: Profile suspended' }).click();
    const dialog = page.getByRole('dialog', { name: 'Appeal this decision' });
    await dialog.getByLabel('Why should we look again?').fill('This is my own profile.');
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await expect(page.getByText(MODERATION_MESSAGES.appealSent)).toBeVisible();
    const appealed = decisions.getByRole('listitem').filter({ hasText: 'Profile suspended' });
    await expect(appealed.getByText('Appeal sent')).toBeVisible();
    await expect(appealed.getByRole('button', { name: /^Appeal/ })).toHaveCount(0);
  });

  test("the appeal reaches the admin's Appeals, and restoring lifts the suspension", async ({
    page,
    request,
  }) => {
    const owner = await ownerWithPb(request);
    const username = owner.account.username;
    const admin = await newAdmin(request);
    const decision = await adminAction(request, admin.token, {
      action: 'suspend',
      userId: owner.userId,
      reason: 'A fake profile',
    });
    await sendAppeal(request, owner.token, {
      actionId: decision.id,
      message: 'This is my own profile.',
    });
    expect((await request.get(`/${username}`)).status()).toBe(404);

    await signInPage(page, admin.account);
    await page.goto('/admin');
    await page.getByRole('tab', { name: /^Appeals/ }).click();
    const item = page.getByRole('article', { name: `Appeal from @${username}` });
    await expect(item.getByText('This is my own profile.')).toBeVisible();
    await expect(item.getByText('Suspended the profile')).toBeVisible();
    await expect(item.getByText('Reason: A fake profile')).toBeVisible();
    await expectAccessible(page, 'admin-appeals');

    await item.getByRole('button', { name: 'Restore' }).click();
    await confirmAction(
      page,
      `Lift the suspension of @${username}?`,
      'Restore',
      'Checked: it is theirs',
    );
    await expect(item).toBeHidden();
    expect((await request.get(`/${username}`)).status()).toBe(200);
  });
});
