import { beforeEach, describe, expect, it, vi } from 'vitest';

import { emptyPbFormValues } from '../pb-form-values';
import type * as PbDraft from './pb-draft';

type DraftModule = typeof PbDraft;

const values = { ...emptyPbFormValues(), title: 'Squat', amount: '140', story: 'Finally.' };
const photo = () => new File(['png'], 'squat.png', { type: 'image/png' });

/** A fresh copy of the module: what a reload of the page leaves (sessionStorage stays). */
async function freshModule(): Promise<DraftModule> {
  vi.resetModules();
  return import('./pb-draft');
}

describe('the PB draft', () => {
  let draft: DraftModule;

  beforeEach(async () => {
    sessionStorage.clear();
    localStorage.clear();
    draft = await freshModule();
  });

  it('gives back the fields and the picked file to the user who kept them', () => {
    const file = photo();
    draft.keepPbDraft({ userId: 'u1', values, file });
    expect(draft.readPbDraft('u1')).toEqual({ values, file, fileLost: false });
    // Read again (a reload of the form): still there until saved or cancelled.
    expect(draft.readPbDraft('u1')?.values.title).toBe('Squat');
  });

  it('keeps the fields across a reload, and says the file did not survive it', async () => {
    draft.keepPbDraft({ userId: 'u1', values, file: photo() });
    const reloaded = await freshModule();
    expect(reloaded.readPbDraft('u1')).toEqual({ values, file: undefined, fileLost: true });
  });

  it('has no lost file to report when none was picked', async () => {
    draft.keepPbDraft({ userId: 'u1', values, file: undefined });
    const reloaded = await freshModule();
    expect(reloaded.readPbDraft('u1')?.fileLost).toBe(false);
  });

  it("never shows one account's draft to another, and drops it", () => {
    draft.keepPbDraft({ userId: 'u1', values, file: photo() });
    expect(draft.readPbDraft('u2')).toBeUndefined();
    expect(draft.readPbDraft('u1')).toBeUndefined();
  });

  it('is gone once cleared', () => {
    draft.keepPbDraft({ userId: 'u1', values, file: photo() });
    draft.clearPbDraft();
    expect(draft.readPbDraft('u1')).toBeUndefined();
  });

  it('is dropped when the session ends', async () => {
    // The store the module listens to: reset with it.
    const { sessionStore } = await import('@/lib/session-store');
    draft.keepPbDraft({ userId: 'u1', values, file: photo() });
    sessionStore.clearToken();
    expect(draft.readPbDraft('u1')).toBeUndefined();
  });

  it('ignores stored text that is not a draft', () => {
    sessionStorage.setItem('pbshare.pbDraft', '{"userId":"u1","values":{"category":"Chess"}}');
    expect(draft.readPbDraft('u1')).toBeUndefined();
    sessionStorage.setItem('pbshare.pbDraft', 'not json');
    expect(draft.readPbDraft('u1')).toBeUndefined();
  });
});
