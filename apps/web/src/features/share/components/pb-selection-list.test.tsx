import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { testPb, testVideoPb } from '@/test/fixtures/story-pbs';
import { PbSelectionList } from './pb-selection-list';

// Hidden PBs, so the rows carry no 'Share this PB' button and need no session.
const hidden = { isVisible: false };

function rows() {
  return screen.getAllByTestId('share-pb-row');
}

describe('the share list', () => {
  it("marks a video's thumbnail with its length, left out of the row's name", () => {
    const video = testVideoPb(1, hidden);
    render(
      <PbSelectionList
        pbs={[{ ...video, media: { ...video.media, durationSeconds: 12.4 } }, testPb(2, hidden)]}
        onToggle={() => undefined}
      />,
    );
    const [videoRow, photoRow] = rows();
    expect(
      within(videoRow ?? document.body).getByTestId('share-pb-video-length'),
    ).toHaveTextContent('0:12');
    expect(videoRow).not.toHaveAccessibleName(/0:12/);
    expect(within(photoRow ?? document.body).queryByTestId('share-pb-video-length')).toBeNull();
  });

  it('shows no length for a video whose length is unknown', () => {
    const video = testVideoPb(1, hidden);
    render(
      <PbSelectionList
        pbs={[{ ...video, media: { ...video.media, durationSeconds: null } }]}
        onToggle={() => undefined}
      />,
    );
    expect(screen.queryByTestId('share-pb-video-length')).toBeNull();
  });
});
