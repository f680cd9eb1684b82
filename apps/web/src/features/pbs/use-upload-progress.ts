import { TIMINGS, UPLOAD_PROGRESS_BUCKETS } from '@pbshare/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The bucket a raw percentage shows as: the highest of 25/50/75/100 reached, else 0. */
export function progressBucket(percent: number): number {
  let shown = 0;
  for (const bucket of UPLOAD_PROGRESS_BUCKETS) if (percent >= bucket) shown = bucket;
  return shown;
}

export interface UploadProgressState {
  /** The bucketed percentage, or null when no upload is running. */
  percent: number | null;
  /** Every byte is sent and the server is still working (docs/PRODUCT.md §4). */
  processing: boolean;
}

/**
 * An upload's progress for display: `report` takes raw percentages, `finish` marks the call as
 * over and clears the state after the spec's 500 ms.
 */
export function useUploadProgress() {
  const [percent, setPercent] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  const report = useCallback((raw: number) => {
    window.clearTimeout(timer.current);
    setPercent(progressBucket(raw));
  }, []);

  const finish = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setPercent(null);
    }, TIMINGS.uploadProgressResetMs);
  }, []);

  const state: UploadProgressState = { percent, processing: percent === 100 };
  return { ...state, report, finish };
}
