import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '@/components/ui/toaster';
import { callsTo, ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { SharePbButton } from './share-pb-button';

const pb = { id: 'pb-1', title: 'Deadlift', displayValue: '405 lbs', isVisible: true };
const IMAGE = 'GET /v1/pbs/pb-1/story.jpg';
const LINK = `${window.location.origin}/ada/pb-1`;

function jpegAnswer() {
  return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
    headers: { 'Content-Type': 'image/jpeg' },
  });
}

async function renderButton(shown = pb, user = testUser) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({ 'GET /v1/users/profile': () => ok(user), [IMAGE]: jpegAnswer });
  renderPage(<SharePbButton pb={shown} />);
  const button = await screen.findByRole('button', { name: 'Share this PB: Deadlift' });
  // The session has loaded once the page knows the username.
  await waitFor(() => {
    expect(callsTo(requests, 'GET /v1/users/profile')).toHaveLength(1);
  });
  return { button, requests };
}

/** Gives the page a share sheet: `share` answers as told, `canShare` says yes to files. */
function shareSheet(share: (data: ShareData) => Promise<void>) {
  const shareFn = vi.fn(share);
  Object.assign(navigator, { share: shareFn, canShare: vi.fn(() => true) });
  return shareFn;
}

let clicks: { href: string; download: string }[];
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:image'), revokeObjectURL: vi.fn() });
  clicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicks.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
  // Sonner keeps its toasts in module state across tests; a leftover one shadows the next.
  toast.dismiss();
});

describe('SharePbButton', () => {
  it('without a share sheet, copies the link, downloads the image and says so', async () => {
    const user = userEvent.setup();
    const { button } = await renderButton();
    await user.click(button);

    expect(await screen.findByText('Link copied!')).toBeVisible();
    expect(
      screen.getByText('Your PB link has been copied to clipboard. Its image is downloading.'),
    ).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(clicks).toEqual([{ href: 'blob:image', download: 'pbshare-ada-deadlift.jpg' }]);
  });

  it('starts fetching the image as the pointer arrives, once', async () => {
    const user = userEvent.setup();
    const { button, requests } = await renderButton();
    await user.hover(button);
    await waitFor(() => {
      expect(callsTo(requests, IMAGE)).toHaveLength(1);
    });
    await user.click(button);
    await screen.findByText('Link copied!');
    expect(callsTo(requests, IMAGE)).toHaveLength(1);
  });

  it('hands the share sheet the JPEG with the link and words, and says nothing more', async () => {
    const user = userEvent.setup();
    const share = shareSheet(() => Promise.resolve());
    const { button } = await renderButton();
    await user.click(button);

    await waitFor(() => {
      expect(share).toHaveBeenCalledTimes(1);
    });
    const data = share.mock.calls[0]?.[0];
    expect(data).toMatchObject({
      title: 'Deadlift: 405 lbs',
      text: 'My Deadlift PB: 405 lbs',
      url: LINK,
    });
    expect(data?.files?.[0]).toMatchObject({
      name: 'pbshare-ada-deadlift.jpg',
      type: 'image/jpeg',
    });
    expect(screen.queryByText('Link copied!')).toBeNull();
    expect(clicks).toEqual([]);
  });

  it('is silent when the owner closes the share sheet', async () => {
    const user = userEvent.setup();
    const share = shareSheet(() => Promise.reject(new DOMException('Canceled', 'AbortError')));
    const { button } = await renderButton();
    await user.click(button);
    await waitFor(() => {
      expect(share).toHaveBeenCalledTimes(1);
    });
    await waitFor(() => {
      expect(button).not.toHaveAttribute('aria-busy');
    });
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(clicks).toEqual([]);
  });

  it('asks for another tap when the image arrived too late for this one', async () => {
    const user = userEvent.setup();
    const share = shareSheet(() =>
      Promise.reject(new DOMException('No user activation', 'NotAllowedError')),
    );
    const { button } = await renderButton();
    // A click with no pointer arriving first: nothing fetched the image before it.
    fireEvent.click(button);
    expect(await screen.findByText('Ready to share')).toBeVisible();
    expect(screen.getByText("Tap 'Share this PB' again to share its image.")).toBeVisible();

    // The image is here now: the next tap goes straight to the share sheet.
    share.mockResolvedValueOnce(undefined);
    await user.click(button);
    await waitFor(() => {
      expect(share).toHaveBeenCalledTimes(2);
    });
  });

  it("says 'Failed to copy' when the clipboard refuses, and still downloads the image", async () => {
    const user = userEvent.setup();
    const { button } = await renderButton();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(button);
    expect(await screen.findByText('Failed to copy')).toBeVisible();
    expect(
      screen.getByText('Could not copy link to clipboard. Its image is downloading.'),
    ).toBeVisible();
    expect(clicks).toHaveLength(1);
  });

  it("says 'Missing username' without a display name", async () => {
    const user = userEvent.setup();
    const { button, requests } = await renderButton(pb, { ...testUser, displayName: '' });
    await user.click(button);
    expect(await screen.findByText('Missing username')).toBeVisible();
    expect(callsTo(requests, IMAGE)).toHaveLength(0);
  });

  it('is disabled for a hidden PB, saying why', async () => {
    const { button } = await renderButton({ ...pb, isVisible: false });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Hidden PBs have no public link.');
  });
});
