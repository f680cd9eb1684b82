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
  /** A picked video being prepared on the device: its whole percentage, or null. */
  preparing: number | null;
  /** The upload lost its connection and waits to go on (until bytes flow again). */
  connectionLost: boolean;
}

/**
 * An upload's progress for display: `prepare` takes the video preparation's percentages,
 * `report` the upload's raw ones, `lost` and `resumed` the connection's drops; `finish` marks the
 * call as over and clears the state after the spec's 500 ms.
 */
export function useUploadProgress() {
  const [percent, setPercent] = useState<number | null>(null);
  const [preparing, setPreparing] = useState<number | null>(null);
  const [connectionLost, setConnectionLost] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  const prepare = useCallback((raw: number) => {
    setPreparing(Math.max(0, Math.min(100, Math.round(raw))));
  }, []);

  const report = useCallback((raw: number) => {
    window.clearTimeout(timer.current);
    setPreparing(null);
    setPercent(progressBucket(raw));
  }, []);

  const lost = useCallback(() => {
    setConnectionLost(true);
  }, []);

  const resumed = useCallback(() => {
    setConnectionLost(false);
  }, []);

  const finish = useCallback(() => {
    window.clearTimeout(timer.current);
    setPreparing(null);
    setConnectionLost(false);
    timer.current = window.setTimeout(() => {
      setPercent(null);
    }, TIMINGS.uploadProgressResetMs);
  }, []);

  const state: UploadProgressState = {
    percent,
    processing: percent === 100,
    preparing,
    connectionLost,
  };
  return { ...state, prepare, report, lost, resumed, finish };
}
