import { useState } from 'react';

import { StoryViewer } from './story-viewer';
import type { StoryPb } from './story-types';

/**
 * The viewer as a page holds it, for tests: open at first, with an Open button that reopens it
 * after a test closes it.
 */
export function StoryViewerHarness({
  pbs,
  onFinish,
  onClose,
}: {
  pbs: StoryPb[];
  onFinish?: () => void;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open
      </button>
      <StoryViewer
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) onClose?.();
        }}
        onFinish={onFinish}
        pbs={pbs}
        owner={{ name: 'ada', avatarUrl: null }}
      />
    </>
  );
}
