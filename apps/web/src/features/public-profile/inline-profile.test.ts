import { INLINE_PROFILE_ELEMENT_ID } from '@pbshare/shared';
import { afterEach, describe, expect, it } from 'vitest';

import { readInlinePage } from './inline-profile';
import { inlineElement, sampleProfile } from '@/test/fixtures/public-profile';

afterEach(() => {
  document.getElementById(INLINE_PROFILE_ELEMENT_ID)?.remove();
});

describe('readInlinePage', () => {
  it('returns the props the server rendered the page with', () => {
    inlineElement(JSON.stringify({ username: 'Ada', profile: sampleProfile }));
    expect(readInlinePage()).toEqual({ username: 'Ada', profile: sampleProfile });
  });

  it('keeps the PB a per-PB link opens at', () => {
    inlineElement(JSON.stringify({ username: 'ada', profile: sampleProfile, pbId: 'pb-2' }));
    expect(readInlinePage()?.pbId).toBe('pb-2');
  });

  it('says there is nobody when the server found nobody', () => {
    inlineElement(JSON.stringify({ username: 'nobody', profile: null }));
    expect(readInlinePage()).toEqual({ username: 'nobody', profile: null });
  });

  it('is undefined without the element', () => {
    expect(readInlinePage()).toBeUndefined();
  });

  it.each([
    ['broken JSON', '{"username":'],
    ['no username', JSON.stringify({ profile: null })],
    ['a profile of another shape', JSON.stringify({ username: 'ada', profile: { pbs: 3 } })],
    ['a PB id that is no string', JSON.stringify({ username: 'ada', profile: null, pbId: 7 })],
    ['a bare value', '"ada"'],
  ])('is undefined for %s', (_case, text) => {
    inlineElement(text);
    expect(readInlinePage()).toBeUndefined();
  });
});
