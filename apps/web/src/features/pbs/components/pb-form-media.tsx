import type { Ref } from 'react';

import type { MediaChoice } from '../use-media-choice';
import { MediaField, type MediaFieldHandle } from './media-field';

/** The PB form's media section: the required photo or video, locked while a save runs. */
export function PbFormMedia({
  ref,
  media,
  disabled,
}: {
  /** Lets the save move the focus here when the media is what is missing. */
  ref: Ref<MediaFieldHandle>;
  media: MediaChoice;
  disabled: boolean;
}) {
  return (
    <MediaField
      ref={ref}
      value={media.value}
      onChange={media.choose}
      onBusyChange={media.setReading}
      onProblem={media.setError}
      error={media.error}
      disabled={disabled}
    />
  );
}
