import { describe, expect, it } from 'vitest';

import { returnToState, signInDestination } from './return-to';

const none = new URLSearchParams();

describe('signInDestination', () => {
  it('returns to the signed-in page that was asked for, with its query', () => {
    expect(signInDestination(returnToState('/share-profile'), none)).toBe('/share-profile');
    expect(signInDestination(returnToState('/profile/settings?tab=account'), none)).toBe(
      '/profile/settings?tab=account',
    );
  });

  it('never leaves the app or loops back to the sign-in pages', () => {
    for (const path of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/login',
      '/signup?x=1',
    ]) {
      expect(signInDestination(returnToState(path), none)).toBe('/profile');
    }
    expect(signInDestination({ returnTo: 42 }, none)).toBe('/profile');
    expect(signInDestination(null, none)).toBe('/profile');
  });

  it('brings a visitor who picked a plan back to pricing with it, and only a real plan', () => {
    const picked = (query: string) => signInDestination(null, new URLSearchParams(query));
    expect(picked('redirect=pricing&plan=lifetime')).toBe('/pricing?plan=lifetime');
    expect(picked('redirect=pricing&plan=one-year')).toBe('/pricing?plan=one-year');
    expect(picked('redirect=pricing&plan=gold')).toBe('/pricing');
    expect(picked('redirect=pricing')).toBe('/pricing');
  });
});
