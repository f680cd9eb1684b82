import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processAvatar } from './avatar-image.js';

/** 600x400, left half red and right half blue, stored sideways with EXIF orientation 6. */
async function sidewaysPhoto(): Promise<Buffer> {
  const width = 600;
  const height = 400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < width / 2) pixels[i] = 255;
      else pixels[i + 2] = 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i] ?? 0, b: data[i + 2] ?? 0 };
}

describe('processAvatar', () => {
  it('applies the EXIF orientation before cropping, then drops the metadata', async () => {
    const out = await processAvatar(await sidewaysPhoto());
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.orientation).toBeUndefined();
    // Turned 90° clockwise, the red left half is now on top and the blue half at the bottom.
    const top = await pixelAt(out, 256, 10);
    const bottom = await pixelAt(out, 256, 500);
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);
  });

  it('refuses bytes that are not one of the allowed image types', async () => {
    await expect(processAvatar(Buffer.from('GIF89a but not really'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await expect(processAvatar(Buffer.from('%PDF-1.7\n'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });
});
