import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { playWithRetries } from './play-with-retries';

/** A video whose play() is refused `refusals` times, then starts it. */
function fakeVideo(refusals: number) {
  const video = {
    paused: true,
    play: vi.fn(() => {
      if (video.play.mock.calls.length <= refusals) {
        return Promise.reject(new DOMException('Not yet', 'AbortError'));
      }
      video.paused = false;
      return Promise.resolve();
    }),
  };
  return video;
}

describe('playWithRetries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again after a refusal and stops once the video plays', async () => {
    const video = fakeVideo(1);
    const onRefused = vi.fn();
    playWithRetries(video as unknown as HTMLVideoElement, { onRefused });
    await vi.advanceTimersByTimeAsync(0);
    expect(onRefused).toHaveBeenCalledOnce();
    expect(onRefused.mock.calls[0]?.[0]).toBeInstanceOf(DOMException);

    await vi.advanceTimersByTimeAsync(100);
    expect(video.play).toHaveBeenCalledTimes(2);
    expect(video.paused).toBe(false);

    await vi.advanceTimersByTimeAsync(1000);
    expect(video.play).toHaveBeenCalledTimes(2);
    expect(onRefused).toHaveBeenCalledOnce();
  });

  it('makes no more attempts, and reports no refusal, once cancelled', async () => {
    const video = fakeVideo(Infinity);
    const onRefused = vi.fn();
    const cancel = playWithRetries(video as unknown as HTMLVideoElement, { onRefused });
    cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(video.play).toHaveBeenCalledOnce();
    expect(onRefused).not.toHaveBeenCalled();
  });
});
