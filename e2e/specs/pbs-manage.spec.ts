import type { Page } from '@playwright/test';

import { test, expect } from '../support/fixtures.js';
import { cardTitles, expandCard, pbCard, PHOTO, pickMedia } from '../support/pbs.js';
import { seedThreeExercises } from '../support/share.js';

/** Drags a card by its handle onto another card, in small pointer steps as a person would. */
async function dragCard(page: Page, from: string, to: string) {
  const handle = pbCard(page, from).getByRole('button', { name: `Drag to reorder ${from}` });
  await handle.scrollIntoViewIfNeeded();
  const start = await handle.boundingBox();
  const target = await pbCard(page, to).boundingBox();
  if (!start || !target) throw new Error('cards are not on screen');
  const x0 = start.x + start.width / 2;
  const y0 = start.y + start.height / 2;
  const x1 = target.x + target.width / 2;
  const y1 = target.y + target.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const steps = 15;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps);
  }
  await expect(page.getByTestId('pb-drag-overlay')).toBeVisible();
  await page.mouse.up();
  // dnd-kit settles its drop animation before the next click lands where it should.
  await page.waitForTimeout(300);
}

test.describe('managing personal bests', () => {
  test('drags a card to a new place and the order survives a reload', async ({ page, request }) => {
    await seedThreeExercises(page, request);
    const before = await cardTitles(page);
    expect(before).toHaveLength(3);
    const [first, , last] = before as [string, string, string];

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/v1/pbs/update-order') && response.request().method() === 'PATCH',
    );
    await dragCard(page, last, first);
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Your personal bests order has been updated')).toBeVisible();
    const after = [last, ...before.filter((title) => title !== last)];
    await expect.poll(() => cardTitles(page)).toEqual(after);

    await page.reload();
    await expect(page.getByTestId('pb-card')).toHaveCount(3);
    expect(await cardTitles(page)).toEqual(after);
  });

  test('hides a personal best from the public page and shows it again', async ({
    page,
    request,
  }) => {
    const account = await seedThreeExercises(page, request);
    const card = pbCard(page, '5K Run');
    await card.getByRole('button', { name: 'Hide 5K Run from your public page' }).click();
    await expect(card.getByText('Hidden')).toBeVisible();

    await page.reload();
    await expect(card.getByText('Hidden')).toBeVisible();
    const publicPbs = async () => {
      const response = await request.get(`/v1/pbs/user/${account.username}`);
      const body = (await response.json()) as { data: { pbs: { title: string }[] } };
      return body.data.pbs.map((pb) => pb.title).sort();
    };
    expect(await publicPbs()).toEqual(['Deadlift', 'Pull-ups']);

    // The expanded card's switch shows it again.
    const expanded = await expandCard(page, '5K Run');
    const toggle = expanded.getByRole('switch', { name: /Show on public page/ });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect.poll(publicPbs).toEqual(['5K Run', 'Deadlift', 'Pull-ups']);
  });

  test('a free account gets an upgrade prompt for a 4th exercise', async ({ page, request }) => {
    await seedThreeExercises(page, request);
    await expect(
      page.getByText("Used 3 of 3 exercises (history entries don't count)"),
    ).toBeVisible();

    // At the cap, 'Add New' explains the limit before any form is filled.
    await page.getByRole('link', { name: 'Add New', exact: true }).click();
    const early = page.getByRole('dialog', { name: 'You have reached the free limit' });
    await expect(early).toContainText(
      "Free accounts can track 3 exercises (history entries don't count). Upgrade to Pro for unlimited exercises.",
    );
    await early.getByRole('button', { name: 'Add a record' }).click();

    // Going on anyway, a new exercise is refused by the server and the same offer follows.
    await expect(page).toHaveURL(/\/add-pb$/);
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Swimming');
    await page.getByLabel('Exercise name').fill('100m Freestyle');
    await expect(page.getByText(/Free accounts can track 3 exercises/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Minutes' }).fill('1');
    await page.getByRole('textbox', { name: 'Seconds' }).fill('9');
    await pickMedia(page, PHOTO());
    await page.getByRole('button', { name: 'Save Personal Best' }).click();

    const dialog = page.getByRole('dialog', { name: 'You have reached the free limit' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "Free accounts can track 3 exercises (history entries don't count). Upgrade to Pro for unlimited exercises.",
    );
    await dialog.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/pricing\?from=%2Fadd-pb$/);
  });

  test('deletes a personal best', async ({ page, request }) => {
    await seedThreeExercises(page, request);
    const expanded = await expandCard(page, 'Deadlift');
    await expanded.getByRole('button', { name: 'Delete Deadlift' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Deadlift?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Your Deadlift of 405 lbs has been removed.')).toBeVisible();
    await expect(page.getByTestId('pb-card')).toHaveCount(2);
    await expect(pbCard(page, 'Deadlift')).toHaveCount(0);
    await expect(page.getByTestId('pb-count')).toHaveText('2 Personal Bests');
    // Reloading while Undo is still offered sends the delete on the way out.
    await page.reload();
    await expect(page.getByTestId('pb-card')).toHaveCount(2);
  });
});
