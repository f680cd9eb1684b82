import { beforeEach, describe, expect, it, vi } from 'vitest';

import { mightPrepare, prepareVideo } from './index';

const convertVideo = vi.hoisted(() => vi.fn<(file: File) => Promise<File>>());
vi.mock('./convert-video', () => ({ convertVideo }));

const clip = new File(['clip'], 'squat.mov', { type: 'video/quicktime' });
const photo = new File(['photo'], 'squat.jpg', { type: 'image/jpeg' });

/** jsdom has no WebCodecs: a test that wants a browser with them stubs them in. */
function withWebCodecs() {
  vi.stubGlobal('VideoDecoder', vi.fn());
  vi.stubGlobal('VideoEncoder', vi.fn());
}

beforeEach(() => {
  convertVideo.mockReset();
});

describe('mightPrepare', () => {
  it('is true for a video in a browser with WebCodecs', () => {
    withWebCodecs();
    expect(mightPrepare(clip)).toBe(true);
    expect(mightPrepare(photo)).toBe(false);
  });

  it('is false without WebCodecs', () => {
    expect(mightPrepare(clip)).toBe(false);
  });
});

describe('prepareVideo', () => {
  it('gives a photo back at once, without loading the converter', async () => {
    withWebCodecs();
    await expect(prepareVideo(photo)).resolves.toBe(photo);
    expect(convertVideo).not.toHaveBeenCalled();
  });

  it('gives the original back where the browser has no WebCodecs', async () => {
    await expect(prepareVideo(clip)).resolves.toBe(clip);
    expect(convertVideo).not.toHaveBeenCalled();
  });

  it("hands a video to the converter and resolves to the converter's file", async () => {
    withWebCodecs();
    const converted = new File(['small'], 'squat.mp4', { type: 'video/mp4' });
    convertVideo.mockResolvedValue(converted);
    const onProgress = vi.fn();

    await expect(prepareVideo(clip, { onProgress })).resolves.toBe(converted);
    expect(convertVideo).toHaveBeenCalledWith(clip, { onProgress });
  });

  it('gives the original back when the converter cannot be loaded', async () => {
    withWebCodecs();
    vi.resetModules();
    vi.doMock('./convert-video', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const fresh = await import('./index');

    await expect(fresh.prepareVideo(clip)).resolves.toBe(clip);
    vi.doUnmock('./convert-video');
  });

  it('rejects with an AbortError when the signal has already fired', async () => {
    withWebCodecs();
    const controller = new AbortController();
    controller.abort();

    await expect(prepareVideo(clip, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(convertVideo).not.toHaveBeenCalled();
  });
});
