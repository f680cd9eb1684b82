import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { watchForUpdates } from '@/lib/service-worker';
import { OfflineBanner } from './offline-banner';
import { UpdatePrompt } from './update-prompt';
import { useOnline } from './use-online';

describe('OfflineBanner', () => {
  it('says the page shows what the device had, as a status', () => {
    render(<OfflineBanner />);

    expect(screen.getByRole('status')).toHaveTextContent("You're offline: showing what you had");
  });
});

describe('useOnline', () => {
  it('follows the browser going offline and coming back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe(false);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current).toBe(true);
  });
});

describe('UpdatePrompt', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('offers a new version once it waits, and Reload lets it take over', async () => {
    const waiting = Object.assign(new EventTarget(), { postMessage: vi.fn() });
    const registration = Object.assign(new EventTarget(), { waiting, installing: null });
    const container = Object.assign(new EventTarget(), { controller: {} });
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    render(
      <>
        <Toaster />
        <UpdatePrompt />
      </>,
    );
    expect(screen.queryByText('A new version is ready')).not.toBeInTheDocument();

    act(() => {
      watchForUpdates(
        registration as unknown as ServiceWorkerRegistration,
        container as unknown as ServiceWorkerContainer,
      );
    });
    expect(await screen.findByText('A new version is ready')).toBeVisible();
    // fireEvent: sonner captures the pointer on a toast, which jsdom cannot.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));

    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });
});
