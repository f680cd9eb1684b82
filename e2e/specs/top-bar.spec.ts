import { test, expect } from '../support/fixtures.js';

test.describe('top bar', () => {
  test('shows the visitor entries inline on desktop and in a menu list on phones', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'PBShare home' })).toHaveAttribute('href', '/');
    const menuButton = header.getByRole('button', { name: 'Open menu' });

    if (testInfo.project.name === 'desktop') {
      await expect(menuButton).toBeHidden();
      const nav = header.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
      await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');

      await nav.getByRole('link', { name: 'Pricing' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      return;
    }

    // Under 768 px wide: nothing inline but the menu button.
    await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    const closeButton = header.getByRole('button', { name: 'Close menu' });
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${(await closeButton.getAttribute('aria-controls')) ?? ''}`);
    const entries = menu.getByRole('listitem');
    await expect(entries).toHaveCount(3);
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await menu.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
  });

  test('turns to glass once the page is scrolled', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-glass', 'false');

    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-glass', 'true');
    await expect(header).toHaveCSS('backdrop-filter', /blur/);

    await page.evaluate('window.scrollTo(0, 0)');
    await expect(header).toHaveAttribute('data-glass', 'false');
  });
});
