import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { formatLongDate } from '@/lib/format';
import { callsTo, jsonResponse, ok, stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

const appConfig = {
  productName: 'PBShare',
  publicOrigin: 'https://pbshare.test',
  supportEmail: 'help@pbshare.test',
  privacyEmail: 'privacy@pbshare.test',
  payments: 'demo',
};

describe.each([
  ['Terms of Service', <TermsPage key="terms" />],
  ['Privacy Policy', <PrivacyPage key="privacy" />],
])('%s', (title, page) => {
  it("shows today's date and the contact addresses from the app config", async () => {
    const requests = stubApi({ 'GET /v1/app-config': () => ok(appConfig) });
    renderPage(page);

    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(formatLongDate(new Date()))).toBeInTheDocument();
    expect(document.title).toBe(`${title} · PBShare`);

    const contact = screen.getByRole('region', { name: /Contact/ });
    expect(await within(contact).findByRole('link', { name: 'help@pbshare.test' })).toHaveAttribute(
      'href',
      'mailto:help@pbshare.test',
    );
    expect(within(contact).getByRole('link', { name: 'privacy@pbshare.test' })).toBeInTheDocument();
    expect(callsTo(requests, 'GET /v1/app-config')).not.toHaveLength(0);
  });

  it('still reads sensibly when the app config cannot be loaded, and can retry', async () => {
    let up = false;
    stubApi({
      'GET /v1/app-config': () =>
        up
          ? ok(appConfig)
          : jsonResponse({ success: false, message: 'down', data: null, status: 503 }, 503),
    });
    renderPage(page);

    const contact = screen.getByRole('region', { name: /Contact/ });
    expect(await within(contact).findAllByText(/could not be loaded/)).not.toHaveLength(0);

    up = true;
    const [retry] = within(contact).getAllByRole('button', { name: 'try again' });
    if (!retry) throw new Error('no retry button');
    await userEvent.click(retry);

    expect(await within(contact).findByRole('link', { name: 'help@pbshare.test' })).toBeVisible();
  });
});
