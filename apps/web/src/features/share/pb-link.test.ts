import { describe, expect, it } from 'vitest';

import { pbImageFileName, pbLink } from './pb-link';

describe('pbLink', () => {
  it("is the owner's page followed by the PB's id", () => {
    expect(pbLink('ada.lifts', 'rec-1', { origin: 'https://pbshare.app' })).toBe(
      'https://pbshare.app/ada.lifts/rec-1',
    );
  });

  it('escapes what a path segment cannot hold', () => {
    expect(pbLink('a b', 'x/y', { origin: 'https://pbshare.app' })).toBe(
      'https://pbshare.app/a%20b/x%2Fy',
    );
  });
});

describe('pbImageFileName', () => {
  it.each([
    ['ada', 'Deadlift', 'pbshare-ada-deadlift.jpg'],
    ['Ada.Lifts', '5K Run', 'pbshare-ada-lifts-5k-run.jpg'],
    ['ada', 'Crème brûlée squats', 'pbshare-ada-creme-brulee-squats.jpg'],
    ['ada', '🏋️', 'pbshare-ada-pb.jpg'],
  ])('%s and %s make %s', (username, title, name) => {
    expect(pbImageFileName(username, title)).toBe(name);
  });
});
