import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom has <dialog> without showModal. For the report tests it opens the dialog (the focus trap,
 * the inert page and Escape are the browser's, and the Playwright spec covers those).
 */
export function withShowModal() {
  const prototype = HTMLDialogElement.prototype;
  const original = Object.getOwnPropertyDescriptor(prototype, 'showModal');
  beforeAll(() => {
    prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  });
  afterAll(() => {
    if (original) Object.defineProperty(prototype, 'showModal', original);
    else Reflect.deleteProperty(prototype, 'showModal');
  });
}

/** A signed-in browser's stored token, live for ten minutes. */
export function storeLiveToken(): string {
  const claims = btoa(JSON.stringify({ userId: 'u2', exp: Math.floor(Date.now() / 1000) + 600 }));
  const token = `header.${claims.replace(/=+$/, '')}.signature`;
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  return token;
}
