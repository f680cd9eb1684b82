import { test, expect } from '../support/fixtures.js';

test.describe('pricing', () => {
  test('shows both one-time plans', async ({ page }) => {
    await page.goto('/pricing');

    await expect(page.getByRole('heading', { level: 1, name: 'Upgrade to Pro' })).toBeVisible();
    await expect(page.getByText('Launch offer ending soon')).toBeVisible();

    const yearly = page.getByRole('article', { name: '1-Year Pass' });
    await expect(yearly).toContainText('$19.99');
    await expect(yearly).toContainText('$29.99');
    await expect(yearly).toContainText('Save 33% for a year');
    await expect(yearly).toContainText('One-time payment');

    const lifetime = page.getByRole('article', { name: 'Lifetime Deal' });
    await expect(lifetime).toContainText('$39.99');
    await expect(lifetime).toContainText('$99.99');
    await expect(lifetime).toContainText('Save 60% for life');
    await expect(lifetime.getByText('Popular')).toBeVisible();

    const benefits = page.getByRole('region', { name: 'What you get with Pro' });
    await expect(benefits).toContainText('Unlimited PBs');
    await expect(benefits).toContainText('Priority access to new features');
    await expect(benefits.getByText('Coming soon')).toBeVisible();
  });

  for (const [plan, id] of [
    ['1-Year Pass', 'one-year'],
    ['Lifetime Deal', 'lifetime'],
  ]) {
    test(`a visitor choosing the ${plan} is sent to sign in, with the plan`, async ({ page }) => {
      await page.goto('/pricing');
      await page.getByRole('link', { name: `Choose ${plan}` }).click();
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=pricing&plan=${id}$`));
    });
  }
});
