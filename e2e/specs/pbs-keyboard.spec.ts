import { test, expect } from '../support/fixtures.js';
import { cardTitles, pbCard } from '../support/pbs.js';
import { seedThreeExercises } from '../support/share.js';

test.describe('reordering with the keyboard', () => {
  test('space picks up, one arrow press moves one place, space drops', async ({
    page,
    request,
  }) => {
    await seedThreeExercises(page, request);
    const before = await cardTitles(page);
    const [first, second, third] = before as [string, string, string];
    const handle = pbCard(page, first).getByRole('button', { name: `Drag to reorder ${first}` });
    await handle.focus();
    await expect(handle).toHaveAccessibleDescription(/press space.*arrow keys.*escape to cancel/i);

    // Escape puts it back where it was.
    await page.keyboard.press('Space');
    await expect(page.getByTestId('pb-drag-overlay')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('pb-drag-overlay')).toBeHidden();
    expect(await cardTitles(page)).toEqual(before);

    // One press, one place; the live region says where it is.
    await handle.focus();
    await page.keyboard.press('Space');
    // Picked up and placed over its own slot: an arrow pressed before the drag has measured the
    // slots would go nowhere.
    await expect(page.getByTestId('pb-drag-overlay')).toBeVisible();
    await expect(page.getByText(`${first} is over position 1 of 3.`)).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`${first} is over position 2 of 3.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText('Your personal bests order has been updated')).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual([second, first, third]);

    await page.reload();
    await expect(page.getByTestId('pb-card')).toHaveCount(3);
    expect(await cardTitles(page)).toEqual([second, first, third]);
  });
});
