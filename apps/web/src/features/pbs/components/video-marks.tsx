import { clipLength, clipLengthSpoken } from '@pbshare/shared';
import { Play } from 'lucide-react';

/**
 * What tells a collapsed card's video from a photo at a glance: a play mark in the middle (only
 * when it can play) and the clip's length in the bottom corner, when the server knows it. Both
 * let clicks through to the card; the marks sit under the card's own buttons and badges.
 */
export function VideoMarks({
  durationSeconds,
  playable,
}: {
  durationSeconds: number | null;
  playable: boolean;
}) {
  return (
    <>
      {playable ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
        >
          <span
            data-testid="video-play-mark"
            className="flex size-11 items-center justify-center rounded-full bg-black/45 text-white shadow-sm ring-1 ring-white/40 backdrop-blur-[2px]"
          >
            <Play className="ml-0.5 size-5 fill-current" />
          </span>
        </span>
      ) : null}
      {durationSeconds !== null ? (
        // Near-opaque black keeps the white figures above 4.5:1 over the lightest poster.
        <span className="pointer-events-none absolute right-2 bottom-2 rounded-md bg-black/75 px-1.5 py-0.5 text-[11px] leading-4 font-semibold text-white tabular-nums">
          <span aria-hidden="true">{clipLength(durationSeconds)}</span>
          <span className="sr-only">Video, {clipLengthSpoken(durationSeconds)}</span>
        </span>
      ) : null}
    </>
  );
}
