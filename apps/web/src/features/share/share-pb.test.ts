import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { sharePb, type PbShare } from './share-pb';
import type { StoryImage } from './story-image';

const URL_TO_SHARE = 'https://pbshare.app/ada/pb-1';
const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'pbshare-ada-deadlift.jpg', {
  type: 'image/jpeg',
});

/** A story image that is already here (`ready`) or arrives when asked. */
function image(file: File | null, ready = false): StoryImage {
  return { load: () => Promise.resolve(file), ready };
}

function request(story: StoryImage): PbShare {
  return {
    url: URL_TO_SHARE,
    title: 'Deadlift: 405 lbs',
    text: 'My Deadlift PB: 405 lbs',
    image: story,
  };
}

/** The navigator for one test: only what is listed exists. */
function device(parts: {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  writeText?: (text: string) => Promise<void>;
}) {
  const share = parts.share ? vi.fn(parts.share) : undefined;
  const canShare = parts.canShare ? vi.fn(parts.canShare) : undefined;
  const writeText = vi.fn(parts.writeText ?? (() => Promise.resolve()));
  vi.stubGlobal('navigator', { share, canShare, clipboard: { writeText } });
  return { share, canShare, writeText };
}

/** The downloads started: each anchor clicked, with its address and file name. */
function watchDownloads() {
  const clicks: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicks.push({ href: this.href, download: this.download });
  });
  return clicks;
}

// jsdom has no object URLs.
const createObjectURL = vi.fn((_file: Blob) => 'blob:http://localhost/image-1');
const revokeObjectURL = vi.fn((_url: string) => undefined);
beforeEach(() => {
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sharePb', () => {
  it('shares the image file with the link where the device takes files', async () => {
    const { share, canShare, writeText } = device({
      share: () => Promise.resolve(),
      canShare: () => true,
    });
    const clicks = watchDownloads();

    const outcome = await sharePb(request(image(jpeg)));

    expect(outcome).toEqual({ kind: 'shared', withImage: true });
    expect(canShare).toHaveBeenCalledWith({ files: [jpeg] });
    expect(share).toHaveBeenCalledWith({
      files: [jpeg],
      title: 'Deadlift: 405 lbs',
      text: 'My Deadlift PB: 405 lbs',
      url: URL_TO_SHARE,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(clicks).toEqual([]);
  });

  it('shares the link alone where the device takes no files', async () => {
    const { share } = device({ share: () => Promise.resolve(), canShare: () => false });
    const outcome = await sharePb(request(image(jpeg)));
    expect(outcome).toEqual({ kind: 'shared', withImage: false });
    expect(share).toHaveBeenCalledWith({
      title: 'Deadlift: 405 lbs',
      text: 'My Deadlift PB: 405 lbs',
      url: URL_TO_SHARE,
    });
  });

  it('shares the link alone, without waiting for the image, where canShare is missing', async () => {
    const { share } = device({ share: () => Promise.resolve() });
    const load = vi.fn(() => Promise.resolve(jpeg));
    expect(await sharePb(request({ load, ready: false }))).toEqual({
      kind: 'shared',
      withImage: false,
    });
    expect(share?.mock.calls[0]?.[0]).not.toHaveProperty('files');
    expect(load).not.toHaveBeenCalled();
  });

  it('shares the link alone when the image could not be had', async () => {
    const { share, canShare } = device({ share: () => Promise.resolve(), canShare: () => true });
    expect(await sharePb(request(image(null)))).toEqual({ kind: 'shared', withImage: false });
    expect(canShare).not.toHaveBeenCalled();
    expect(share).toHaveBeenCalledWith({
      title: 'Deadlift: 405 lbs',
      text: 'My Deadlift PB: 405 lbs',
      url: URL_TO_SHARE,
    });
  });

  it('copies the link and downloads the image where there is no share sheet', async () => {
    const { writeText } = device({});
    const clicks = watchDownloads();

    const outcome = await sharePb(request(image(jpeg)));

    expect(outcome).toEqual({ kind: 'copied', copied: true, imageSaved: true });
    expect(writeText).toHaveBeenCalledWith(URL_TO_SHARE);
    expect(createObjectURL).toHaveBeenCalledWith(jpeg);
    expect(clicks).toEqual([
      { href: 'blob:http://localhost/image-1', download: 'pbshare-ada-deadlift.jpg' },
    ]);
    // The anchor does not stay in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('lets the object URL go once the download had time to read it', async () => {
    vi.useFakeTimers();
    device({});
    watchDownloads();
    await sharePb(request(image(jpeg)));
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/image-1');
  });

  it('copies the link first, even when the image then fails', async () => {
    const { writeText } = device({});
    const clicks = watchDownloads();
    expect(await sharePb(request(image(null)))).toEqual({
      kind: 'copied',
      copied: true,
      imageSaved: false,
    });
    expect(writeText).toHaveBeenCalledWith(URL_TO_SHARE);
    expect(clicks).toEqual([]);
  });

  it('still downloads the image when the clipboard refuses', async () => {
    device({ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    const clicks = watchDownloads();
    expect(await sharePb(request(image(jpeg)))).toEqual({
      kind: 'copied',
      copied: false,
      imageSaved: true,
    });
    expect(clicks).toHaveLength(1);
  });

  it('says nothing and does nothing more when the owner closes the share sheet', async () => {
    const { writeText } = device({
      share: () => Promise.reject(new DOMException('Share canceled', 'AbortError')),
      canShare: () => true,
    });
    const clicks = watchDownloads();
    expect(await sharePb(request(image(jpeg)))).toEqual({ kind: 'cancelled' });
    expect(writeText).not.toHaveBeenCalled();
    expect(clicks).toEqual([]);
  });

  it('asks for another tap when waiting for the image cost the tap its permission', async () => {
    const { writeText } = device({
      share: () => Promise.reject(new DOMException('No activation', 'NotAllowedError')),
      canShare: () => true,
    });
    expect(await sharePb(request(image(jpeg, false)))).toEqual({ kind: 'tap-again' });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('falls back to copy and download when the share sheet refuses for another reason', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { writeText } = device({
      share: () => Promise.reject(new DOMException('No activation', 'NotAllowedError')),
      canShare: () => true,
    });
    const clicks = watchDownloads();
    // The image was already here: the refusal is not about waiting.
    expect(await sharePb(request(image(jpeg, true)))).toEqual({
      kind: 'copied',
      copied: true,
      imageSaved: true,
    });
    expect(writeText).toHaveBeenCalledWith(URL_TO_SHARE);
    expect(clicks).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
  });
});
