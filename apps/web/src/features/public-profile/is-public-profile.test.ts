import { describe, expect, it } from 'vitest';

import { isPublicProfile } from './is-public-profile';
import { sampleProfile } from '@/test/fixtures/public-profile';

describe('isPublicProfile', () => {
  it('accepts a profile as the server sends it, with or without PBs', () => {
    expect(isPublicProfile(sampleProfile)).toBe(true);
    expect(isPublicProfile({ ...sampleProfile, pbs: [] })).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', '<html>Bad gateway</html>'],
    ['an array', [sampleProfile]],
    ['no user', { pbs: [] }],
    ['a user without a display name', { user: { bio: '' }, pbs: [] }],
    ['no PBs', { user: sampleProfile.user }],
    ['PBs that are not objects', { user: sampleProfile.user, pbs: ['Deadlift'] }],
  ])('refuses %s', (_label, value) => {
    expect(isPublicProfile(value)).toBe(false);
  });
});
