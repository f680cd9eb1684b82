import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { InstallOffer, INSTALL_OFFER_TEXTS } from './install-offer';
import { INSTALL_OFFERED_KEY } from './install-offer-seen';
import { listenForInstallPrompt, promptInstall } from './install-prompt';

/** What Chromium fires when the app can be installed. */
function browserOffersInstall() {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

const offer = () => screen.queryByRole('region', { name: 'Install PBShare' });

beforeAll(() => {
  listenForInstallPrompt(window);
});
beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  // An installed app has no offer left: each test starts without one.
  window.dispatchEvent(new Event('appinstalled'));
});

describe('the install offer', () => {
  it('waits for the browser, keeps its banner back, and then offers once there are PBs', () => {
    render(<InstallOffer hasPbs />);
    expect(offer()).toBeNull();

    const { event } = browserOffersInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(offer()).toHaveTextContent(INSTALL_OFFER_TEXTS.title);
    expect(window.localStorage.getItem(INSTALL_OFFERED_KEY)).not.toBeNull();
  });

  it('is not made before the first PB', () => {
    browserOffersInstall();
    render(<InstallOffer hasPbs={false} />);
    expect(offer()).toBeNull();
    expect(window.localStorage.getItem(INSTALL_OFFERED_KEY)).toBeNull();
  });

  it("Install opens the browser's dialog, which can be used only once", async () => {
    const { prompt } = browserOffersInstall();
    render(<InstallOffer hasPbs />);
    await userEvent.click(screen.getByRole('button', { name: INSTALL_OFFER_TEXTS.install }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(offer()).toBeNull();
    await expect(promptInstall()).resolves.toBe('unavailable');
  });

  it('Not now closes it, and it is never made again in this browser', async () => {
    const { prompt } = browserOffersInstall();
    const { unmount } = render(<InstallOffer hasPbs />);
    await userEvent.click(screen.getByRole('button', { name: INSTALL_OFFER_TEXTS.notNow }));
    expect(offer()).toBeNull();
    expect(prompt).not.toHaveBeenCalled();
    unmount();

    render(<InstallOffer hasPbs />);
    browserOffersInstall();
    expect(offer()).toBeNull();
  });
});
