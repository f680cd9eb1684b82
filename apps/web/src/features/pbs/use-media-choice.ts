import { useEffect, useState } from 'react';

import type { MediaValue } from './components/media-field';

/** The PB form's photo or video: what is chosen, what is wrong with it, whether it is being read. */
export interface MediaChoice {
  value: MediaValue;
  error: string | undefined;
  /** True while a picked video is being read (its length): no save starts meanwhile. */
  reading: boolean;
  /** A new pick (or its removal) clears the previous problem. */
  choose: (next: MediaValue) => void;
  setError: (message: string | undefined) => void;
  setReading: (reading: boolean) => void;
}

export function useMediaChoice(initial: MediaValue): MediaChoice {
  const [value, setValue] = useState<MediaValue>(initial);
  const [error, setError] = useState<string | undefined>();
  const [reading, setReading] = useState(false);
  const previewUrl = value.kind === 'selected' ? value.previewUrl : undefined;

  // A picked file's preview URL lives until another pick replaces it or the form goes away.
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  return {
    value,
    error,
    reading,
    choose: (next) => {
      setValue(next);
      setError(undefined);
    },
    setError,
    setReading,
  };
}
