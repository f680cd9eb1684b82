import { useEffect, useEffectEvent, useLayoutEffect, useState } from 'react';

import type { MediaValue } from './components/media-field';
import { mediaTypeOf } from './media-files';

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

/**
 * Puts back a file picked before the form was left (a kept draft). Its preview URL is made once
 * the form is on screen, so the choice's own cleanup owns it like any other pick's.
 */
export function useRestoredFile(file: File | undefined, choose: MediaChoice['choose']): void {
  const restore = useEffectEvent((restored: File) => {
    choose({
      kind: 'selected',
      file: restored,
      type: mediaTypeOf(restored) ?? 'image',
      previewUrl: URL.createObjectURL(restored),
    });
  });
  useLayoutEffect(() => {
    if (file) restore(file);
  }, [file]);
}
