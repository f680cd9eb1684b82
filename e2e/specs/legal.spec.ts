import { test, expect } from '../support/fixtures.js';

interface AppConfigEnvelope {
  data: { supportEmail: string; privacyEmail: string };
}

const today = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
}).format(new Date());

for (const { path, title } of [
  { path: '/terms', title: 'Terms of Service' },
  { path: '/privacy', title: 'Privacy Policy' },
]) {
  test(`${title} shows today's date and the contact addresses`, async ({ page, request }) => {
    const config = (await (await request.get('/v1/app-config')).json()) as AppConfigEnvelope;
    const { supportEmail, privacyEmail } = config.data;

    await page.goto(path);

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));
    await expect(page.getByText(`Last updated: ${today}`)).toBeVisible();

    const contact = page.getByRole('region', { name: /Contact/ });
    await expect(contact.getByRole('link', { name: supportEmail })).toHaveAttribute(
      'href',
      `mailto:${supportEmail}`,
    );
    await expect(contact.getByRole('link', { name: privacyEmail })).toHaveAttribute(
      'href',
      `mailto:${privacyEmail}`,
    );
  });
}
