import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device-label.js';

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      { device: 'iPhone', browser: 'Safari 18' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { device: 'Mac', browser: 'Chrome 131' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      { device: 'Windows PC', browser: 'Firefox 133' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { device: 'Android phone', browser: 'Chrome 131' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      { device: 'Linux PC', browser: 'Chrome Headless 156' },
    ],
  ])('names %s', (agent, expected) => {
    expect(deviceLabel(agent)).toEqual(expected);
  });

  it('gives empty labels for a missing or meaningless agent, and never a long one', () => {
    expect(deviceLabel(undefined)).toEqual({ device: '', browser: '' });
    expect(deviceLabel('curl/8.5.0')).toEqual({ device: '', browser: '' });
    const long = deviceLabel(`Mozilla/5.0 (${'x'.repeat(5000)})`);
    expect(long.device.length).toBeLessThanOrEqual(60);
  });
});
