import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFormDialog } from './use-form-dialog';

describe('useFormDialog', () => {
  it('opens, and forgets the form whenever it closes', () => {
    const onClosed = vi.fn();
    const { result } = renderHook(() => useFormDialog(false, onClosed));
    act(() => {
      result.current.onOpenChange(true);
    });
    expect(result.current.open).toBe(true);
    expect(onClosed).not.toHaveBeenCalled();
    act(() => {
      result.current.onOpenChange(false);
    });
    expect(result.current.open).toBe(false);
    expect(onClosed).toHaveBeenCalledTimes(1);
    act(() => {
      result.current.onOpenChange(true);
    });
    act(() => {
      result.current.close();
    });
    expect(result.current.open).toBe(false);
    expect(onClosed).toHaveBeenCalledTimes(2);
  });

  it('stays open while its call is pending', () => {
    const onClosed = vi.fn();
    const { result, rerender } = renderHook(({ pending }) => useFormDialog(pending, onClosed), {
      initialProps: { pending: false },
    });
    act(() => {
      result.current.onOpenChange(true);
    });
    rerender({ pending: true });
    act(() => {
      result.current.onOpenChange(false);
    });
    expect(result.current.open).toBe(true);
    expect(onClosed).not.toHaveBeenCalled();
  });
});
