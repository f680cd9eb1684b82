import type { Ref } from 'react';

import type { MediaChoice } from '../use-media-choice';
import { MediaField, type MediaFieldHandle } from './media-field';

/** The PB form's media section: the required photo or video, locked while a save runs. */
export function PbFormMedia({
  ref,
  media,
  disabled,
  note,
}: {
  /** Lets the save move the focus here when the media is what is missing. */
  ref: Ref<MediaFieldHandle>;
  media: MediaChoice;
  disabled: boolean;
  /** Shown while the field is empty (a kept draft whose file did not survive). */
  note?: string;
}) {
  return (
    <MediaField
      ref={ref}
      value={media.value}
      onChange={media.choose}
      onBusyChange={media.setReading}
      onProblem={media.setError}
      error={media.error}
      note={note}
      disabled={disabled}
    />
  );
}
