import { INLINE_PROFILE_ELEMENT_ID } from '@pbshare/shared';
import { afterEach, describe, expect, it } from 'vitest';

import { consumeInlineProfile, readInlineProfile } from './inline-profile';
import { inlineElement, sampleProfile } from '@/test/fixtures/public-profile';

afterEach(() => {
  document.getElementById(INLINE_PROFILE_ELEMENT_ID)?.remove();
});

describe('readInlineProfile', () => {
  it('returns the profile when the username matches, ignoring case', () => {
    inlineElement(JSON.stringify({ username: 'Ada', profile: sampleProfile }));
    expect(readInlineProfile('ada')).toEqual({ status: 'found', profile: sampleProfile });
    expect(readInlineProfile('ADA')).toEqual({ status: 'found', profile: sampleProfile });
  });

  it("ignores another person's data", () => {
    inlineElement(JSON.stringify({ username: 'grace', profile: sampleProfile }));
    expect(readInlineProfile('ada')).toEqual({ status: 'absent' });
  });

  it('says not found when the server found nobody', () => {
    inlineElement(JSON.stringify({ username: 'nobody', profile: null }));
    expect(readInlineProfile('nobody')).toEqual({ status: 'not-found' });
  });

  it('is absent without the element', () => {
    expect(readInlineProfile('ada')).toEqual({ status: 'absent' });
  });

  it('is absent when the JSON is malformed or not a profile', () => {
    const element = inlineElement('{"username":"ada","profile":');
    expect(readInlineProfile('ada')).toEqual({ status: 'absent' });
    element.textContent = JSON.stringify({ username: 'ada', profile: { user: {} } });
    expect(readInlineProfile('ada')).toEqual({ status: 'absent' });
    element.textContent = '"ada"';
    expect(readInlineProfile('ada')).toEqual({ status: 'absent' });
  });

  it('is read once: consuming removes the element', () => {
    inlineElement(JSON.stringify({ username: 'ada', profile: sampleProfile }));
    expect(consumeInlineProfile('ada').status).toBe('found');
    expect(document.getElementById(INLINE_PROFILE_ELEMENT_ID)).toBeNull();
    expect(consumeInlineProfile('ada')).toEqual({ status: 'absent' });
  });
});
