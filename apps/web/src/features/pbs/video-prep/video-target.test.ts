import { describe, expect, it } from 'vitest';

import {
  FULL_HD_VIDEO_BITRATE,
  MIN_VIDEO_BITRATE,
  encodeFrameRate,
  fitsBox,
  needsNoConversion,
  videoTarget,
} from './video-target';

const MB = 1024 * 1024;

describe('videoTarget', () => {
  it('fits a 4K landscape clip in 1920x1080 at the full bitrate', () => {
    expect(videoTarget({ width: 3840, height: 2160 })).toEqual({
      width: 1920,
      height: 1080,
      videoBitrate: FULL_HD_VIDEO_BITRATE,
    });
  });

  it('fits a portrait clip in 1080x1920, its own orientation', () => {
    expect(videoTarget({ width: 2160, height: 3840 })).toMatchObject({ width: 1080, height: 1920 });
  });

  it('never upscales a clip that already fits', () => {
    expect(videoTarget({ width: 1280, height: 720 })).toMatchObject({ width: 1280, height: 720 });
    expect(videoTarget({ width: 1080, height: 1920 })).toMatchObject({ width: 1080, height: 1920 });
  });

  it('keeps the aspect ratio when the other side is the limit', () => {
    // 4:3 at 4032x3024: the height (1080) limits, not the width.
    expect(videoTarget({ width: 4032, height: 3024 })).toMatchObject({ width: 1440, height: 1080 });
    // A very wide clip: the width limits.
    expect(videoTarget({ width: 5760, height: 1080 })).toMatchObject({ width: 1920, height: 360 });
  });

  it('gives even dimensions, rounded down so they stay in the box', () => {
    const target = videoTarget({ width: 3000, height: 1999 });
    expect(target.width % 2).toBe(0);
    expect(target.height % 2).toBe(0);
    expect(target.width).toBeLessThanOrEqual(1920);
    expect(target.height).toBeLessThanOrEqual(1080);
    expect(videoTarget({ width: 721, height: 481 })).toMatchObject({ width: 720, height: 480 });
  });

  it('gives smaller results a share of the bitrate by pixels, with a floor', () => {
    expect(videoTarget({ width: 1280, height: 720 }).videoBitrate).toBe(
      Math.round((FULL_HD_VIDEO_BITRATE * 1280 * 720) / (1920 * 1080)),
    );
    expect(videoTarget({ width: 320, height: 240 }).videoBitrate).toBe(MIN_VIDEO_BITRATE);
  });

  it('keeps a 30 s full-size result with 128 kbit/s of audio under 22 MB', () => {
    const bytes = ((videoTarget({ width: 3840, height: 2160 }).videoBitrate + 128_000) * 30) / 8;
    expect(bytes).toBeLessThan(22 * 1000 * 1000);
  });
});

describe('fitsBox', () => {
  it('measures each clip against the box in its own orientation', () => {
    expect(fitsBox({ width: 1920, height: 1080 })).toBe(true);
    expect(fitsBox({ width: 1080, height: 1920 })).toBe(true);
    expect(fitsBox({ width: 1440, height: 1440 })).toBe(false);
    expect(fitsBox({ width: 1080, height: 1080 })).toBe(true);
    expect(fitsBox({ width: 2160, height: 3840 })).toBe(false);
  });
});

describe('encodeFrameRate', () => {
  it("keeps the clip's rate up to the rendition's 30 fps", () => {
    expect(encodeFrameRate(24)).toBe(24);
    expect(encodeFrameRate(29.97)).toBe(29.97);
    expect(encodeFrameRate(60)).toBe(30);
    expect(encodeFrameRate(240)).toBe(30);
  });

  it('leaves an unknown rate to the encoder', () => {
    expect(encodeFrameRate(undefined)).toBeUndefined();
    expect(encodeFrameRate(0)).toBeUndefined();
    expect(encodeFrameRate(Number.NaN)).toBeUndefined();
    expect(encodeFrameRate(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});

describe('needsNoConversion', () => {
  const fullHd = { width: 1920, height: 1080 };

  it('leaves a clip that fits and averages at most 10 Mbit/s alone', () => {
    // 30 s at 10 Mbit/s is 37.5 MB.
    expect(needsNoConversion({ ...fullHd, duration: 30, bytes: 37_500_000 })).toBe(true);
    expect(needsNoConversion({ width: 1080, height: 1920, duration: 10, bytes: 5 * MB })).toBe(
      true,
    );
  });

  it('converts a clip that fits but averages more than 10 Mbit/s', () => {
    expect(needsNoConversion({ ...fullHd, duration: 30, bytes: 37_500_001 })).toBe(false);
  });

  it('converts a clip larger than the box whatever its bitrate', () => {
    expect(needsNoConversion({ width: 3840, height: 2160, duration: 30, bytes: 10 * MB })).toBe(
      false,
    );
  });

  it('leaves a clip of unknown length that fits alone', () => {
    expect(needsNoConversion({ ...fullHd, duration: undefined, bytes: 90 * MB })).toBe(true);
    expect(needsNoConversion({ ...fullHd, duration: 0, bytes: 90 * MB })).toBe(true);
  });
});
