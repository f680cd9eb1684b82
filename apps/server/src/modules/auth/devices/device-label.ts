import { UAParser } from 'ua-parser-js';

export interface DeviceLabel {
  /** 'iPhone', 'Pixel 8', 'Mac', 'Windows PC'…; '' when the User-Agent says nothing usable. */
  device: string;
  /** 'Safari 18', 'Chrome 131'…; '' when unknown. */
  browser: string;
}

const MAX_LABEL = 60;

const DESKTOPS: Record<string, string> = {
  'Mac OS': 'Mac',
  macOS: 'Mac',
  Windows: 'Windows PC',
  Linux: 'Linux PC',
  Ubuntu: 'Linux PC',
  Debian: 'Linux PC',
  Fedora: 'Linux PC',
  'Chromium OS': 'Chromebook',
};

/**
 * What a person would call the device and browser a User-Agent names, for the devices list and
 * the new sign-in mail. ua-parser-js (MIT, v1) knows the long tail of agents; a label is a hint
 * to recognise one's own devices, never a security decision.
 */
export function deviceLabel(userAgent: string | undefined): DeviceLabel {
  const parsed = new UAParser(userAgent ?? '').getResult();
  const model = parsed.device.model;
  const os = parsed.os.name ?? '';
  let device = '';
  if (model === 'Macintosh') {
    device = 'Mac';
  } else if (model && model !== 'K') {
    // Chrome's reduced agent on Android says model 'K'; the vendor's own names are clearer.
    device = parsed.device.vendor === 'Apple' ? model : [parsed.device.vendor, model].join(' ');
  } else if (os === 'Android') {
    device = parsed.device.type === 'tablet' ? 'Android tablet' : 'Android phone';
  } else if (os === 'iOS') {
    device = 'iPhone';
  } else {
    device = DESKTOPS[os] ?? os;
  }
  const major = parsed.browser.version?.split('.')[0];
  // 'Mobile Safari' and 'Mobile Chrome' say less than the device already does.
  const name = parsed.browser.name?.replace(/^Mobile /, '');
  const browser = name ? [name, major].filter(Boolean).join(' ') : '';
  return { device: device.trim().slice(0, MAX_LABEL), browser: browser.slice(0, MAX_LABEL) };
}
