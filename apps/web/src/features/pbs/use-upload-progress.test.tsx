import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { withFakeTimersInEachTest } from '@/test/fake-timers';
import { progressBucket, useUploadProgress } from './use-upload-progress';

describe('upload progress', () => {
  it('shows raw percentages in the buckets 25/50/75/100', () => {
    expect([0, 10, 24, 25, 49, 50, 74, 75, 99, 100].map(progressBucket)).toEqual([
      0, 0, 0, 25, 25, 50, 50, 75, 75, 100,
    ]);
  });

  describe('useUploadProgress', () => {
    withFakeTimersInEachTest();

    it('is processing at 100% until the call ends, then clears after 500 ms', () => {
      const { result } = renderHook(() => useUploadProgress());
      expect(result.current.percent).toBeNull();

      act(() => {
        result.current.report(0);
      });
      expect(result.current).toMatchObject({ percent: 0, processing: false });
      act(() => {
        result.current.report(62);
      });
      expect(result.current).toMatchObject({ percent: 50, processing: false });
      act(() => {
        result.current.report(100);
      });
      expect(result.current).toMatchObject({ percent: 100, processing: true });

      act(() => {
        result.current.finish();
      });
      act(() => {
        vi.advanceTimersByTime(499);
      });
      expect(result.current.percent).toBe(100);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(result.current).toMatchObject({ percent: null, processing: false });
    });

    it('shows a preparation until the upload starts, and a lost connection until it goes on', () => {
      const { result } = renderHook(() => useUploadProgress());
      expect(result.current).toMatchObject({ preparing: null, connectionLost: false });

      act(() => {
        result.current.prepare(0);
      });
      expect(result.current).toMatchObject({ preparing: 0, percent: null });
      act(() => {
        result.current.prepare(41.6);
      });
      expect(result.current.preparing).toBe(42);

      act(() => {
        result.current.report(0);
      });
      expect(result.current).toMatchObject({ preparing: null, percent: 0 });
      act(() => {
        result.current.report(30);
        result.current.lost();
      });
      expect(result.current).toMatchObject({ percent: 25, connectionLost: true });
      act(() => {
        result.current.resumed();
      });
      expect(result.current.connectionLost).toBe(false);
    });

    it('ends a preparation and a lost connection at once as the call ends', () => {
      const { result } = renderHook(() => useUploadProgress());
      act(() => {
        result.current.prepare(10);
      });
      act(() => {
        result.current.finish();
      });
      expect(result.current).toMatchObject({ preparing: null, percent: null });

      act(() => {
        result.current.report(50);
        result.current.lost();
      });
      act(() => {
        result.current.finish();
      });
      expect(result.current).toMatchObject({ connectionLost: false, percent: 50 });
    });
  });
});
