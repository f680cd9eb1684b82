import { describe, expect, it } from 'vitest';
import { drawableText, previewFonts } from './fonts.js';

describe('drawableText', () => {
  it('keeps Latin, Cyrillic, Greek and Vietnamese letters, digits and punctuation', () => {
    for (const text of ['Deadlift – 225 lbs', 'Żółć Ångström', 'Присед', 'Άλμα', 'Chạy bộ 5K']) {
      expect(drawableText(text)).toBe(text);
    }
  });

  it('leaves out characters the font cannot draw, and the spaces they leave', () => {
    expect(drawableText('Deadlift 🏋️ day')).toBe('Deadlift day');
    expect(drawableText('马拉松 Marathon')).toBe('Marathon');
    expect(drawableText('🔥🔥')).toBe('');
    expect(drawableText('Line\none\ttwo\u0000')).toBe('Line one two');
  });
});

describe('previewFonts', () => {
  it('reads each weight of every script from the package, once', async () => {
    const fonts = await previewFonts();
    expect(fonts).toHaveLength(3 * 7);
    expect(new Set(fonts.map((font) => font.weight))).toEqual(new Set([400, 600, 800]));
    // WOFF, which satori reads (it does not read WOFF2).
    for (const font of fonts) {
      // Read with readFile, so a Buffer.
      expect((font.data as Buffer).subarray(0, 4).toString()).toBe('wOFF');
    }
    expect(await previewFonts()).toBe(fonts);
  });
});
