import 'fake-indexeddb/auto';

import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clear } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { outboxStore } from '@/lib/device-storage';
import { uploadResumably, type ResumableUploadOptions } from '@/lib/resumable-upload';
import {
  callsTo,
  fail,
  inTurn,
  networkError,
  ok,
  sentTo,
  stubApi,
  testUser,
  type StubHandler,
} from '@/test/api-stub';
import { samplePb } from '@/test/fixtures/personal-bests';
import { renderPage } from '@/test/render';
import { prepareVideo } from '../video-prep';
import { OutboxList } from './outbox-list';
import { OutboxSender } from './outbox-sender';
import {
  entryWith,
  freshOutbox,
  keepEntries,
  keptEntries,
  setOnline,
  squatClip,
} from './test/outbox-device';

vi.mock('@/lib/resumable-upload', () => ({ uploadResumably: vi.fn() }));
vi.mock('../video-prep', () => ({ prepareVideo: vi.fn() }));
const resumable = vi.mocked(uploadResumably);
const prepare = vi.mocked(prepareVideo);

const saved = () => ok(samplePb, 'Personal best saved successfully!', 201);
const onFreeLimit = vi.fn();
const revoke = vi.fn();

/** The sender and the list, as the site layout and the profile have them. */
function renderOutbox(save: StubHandler = saved) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'POST /v1/pbs': save,
  });
  renderPage(
    <>
      <OutboxSender />
      <OutboxList onFreeLimit={onFreeLimit} />
    </>,
    '/profile',
  );
  return requests;
}

/** The saves the API received, by the Idempotency-Key each carried. */
function saveKeys(requests: Parameters<typeof callsTo>[0]) {
  return callsTo(requests, 'POST /v1/pbs').map(({ headers }) => headers.get('Idempotency-Key'));
}

// Toasts are found, not checked for visibility: sonner fades toasts out of the previous test
// that a busy run may still hold, and hides all but the newest few.

/** Lets every pending answer, IndexedDB write and render settle. */
async function settled() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('sending the outbox', () => {
  beforeEach(async () => {
    await freshOutbox();
    URL.createObjectURL = vi.fn(() => 'blob:poster');
    revoke.mockClear();
    URL.revokeObjectURL = revoke;
    resumable.mockReset();
    prepare.mockReset();
    prepare.mockImplementation((file) => Promise.resolve(file));
  });

  it('sends a photo once the browser is online, once, under the key it was kept with', async () => {
    await keepEntries(entryWith());
    setOnline(false);
    const requests = renderOutbox();
    const list = await screen.findByRole('region', { name: 'Waiting to upload: 1' });
    expect(within(list).getByTestId('outbox-status')).toHaveTextContent('Waiting for a connection');
    await settled();
    expect(saveKeys(requests)).toEqual([]);

    setOnline(true, { announce: true });

    const sent = await sentTo(requests, 'POST /v1/pbs');
    expect(sent.headers.get('Idempotency-Key')).toBe('key-1');
    const form = sent.body as FormData;
    expect(form.get('title')).toBe('Squat');
    expect(form.get('amount')).toBe('140');
    expect(form.get('reps')).toBe('3');
    // The kept photo (the test transport keeps a file part's type, not its name or bytes).
    expect(form.get('file')).toHaveProperty('type', 'image/png');
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByText('Squat is saved.')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: /Waiting to upload/ })).not.toBeInTheDocument();
    });
    expect(await keptEntries()).toEqual([]);

    // Another trigger finds nothing to send.
    setOnline(true, { announce: true });
    await settled();
    expect(saveKeys(requests)).toEqual(['key-1']);
  });

  it('sends the same key again after an answer that was lost, so the PB is saved once', async () => {
    await keepEntries(entryWith());
    const requests = renderOutbox(inTurn(networkError(), saved()));

    await waitFor(() => {
      expect(saveKeys(requests)).toEqual(['key-1']);
    });
    await settled();
    // Still waiting, and as it was kept.
    expect(await keptEntries()).toEqual([expect.objectContaining({ idempotencyKey: 'key-1' })]);
    expect(screen.getByTestId('outbox-status')).toHaveTextContent('Waiting to upload');

    setOnline(true, { announce: true });

    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(saveKeys(requests)).toEqual(['key-1', 'key-1']);
    expect(await keptEntries()).toEqual([]);
  });

  it('sends the oldest first, one at a time', async () => {
    await keepEntries(
      entryWith({ id: 'newer', createdAt: 2_000, idempotencyKey: 'key-newer' }),
      entryWith({ id: 'older', createdAt: 1_000, idempotencyKey: 'key-older' }),
    );
    const requests = renderOutbox();
    await waitFor(() => {
      expect(saveKeys(requests)).toEqual(['key-older', 'key-newer']);
    });
  });

  it("neither shows nor sends another account's entries", async () => {
    await keepEntries(entryWith({ id: 'theirs', userId: 'u2' }));
    const requests = renderOutbox();
    await settled();
    setOnline(true, { announce: true });
    await settled();
    expect(saveKeys(requests)).toEqual([]);
    expect(screen.queryByRole('region', { name: /Waiting to upload/ })).not.toBeInTheDocument();
    expect(await keptEntries()).toEqual([expect.objectContaining({ id: 'theirs' })]);
  });

  it('keeps a refused entry with the reason, unsent until Try again', async () => {
    const user = userEvent.setup();
    await keepEntries(entryWith());
    const requests = renderOutbox(
      inTurn(fail(400, 'VALIDATION_ERROR', 'Exercise name is too long.'), saved()),
    );

    expect(await screen.findByText('Exercise name is too long.')).toBeVisible();
    expect(await keptEntries()).toEqual([
      expect.objectContaining({
        refusal: { message: 'Exercise name is too long.', code: 'VALIDATION_ERROR' },
      }),
    ]);
    setOnline(true, { announce: true });
    await settled();
    expect(saveKeys(requests)).toEqual(['key-1']);

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(saveKeys(requests)).toEqual(['key-1', 'key-1']);
  });

  it('uploads a video first, keeps its upload id, then saves naming it under the same key', async () => {
    const picked = squatClip();
    const prepared = new File(['v'], 'squat.mp4', { type: 'video/mp4' });
    prepare.mockResolvedValue(prepared);
    resumable.mockResolvedValue({ uploadId: 'up1' });
    let keptWhenSaved: unknown;
    await keepEntries(entryWith({ mediaType: 'video', file: picked }));
    const requests = renderOutbox(async () => {
      keptWhenSaved = (await keptEntries())[0]?.uploadId;
      return saved();
    });

    const sent = await sentTo(requests, 'POST /v1/pbs');
    expect(prepare).toHaveBeenCalledWith(picked, expect.anything());
    expect(prepare.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
    expect(resumable).toHaveBeenCalledWith(
      prepared,
      expect.objectContaining({ userId: 'u1', preparedFrom: picked }),
    );
    const form = sent.body as FormData;
    expect(form.get('uploadId')).toBe('up1');
    expect(form.has('file')).toBe(false);
    expect(sent.headers.get('Idempotency-Key')).toBe('key-1');
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    // Kept before the save went: a reload from there on would not send the video again.
    expect(keptWhenSaved).toBe('up1');
  });

  it('uploads the video again when the server no longer has its upload', async () => {
    resumable.mockResolvedValue({ uploadId: 'up2' });
    await keepEntries(entryWith({ mediaType: 'video', file: squatClip(), uploadId: 'up1' }));
    const requests = renderOutbox(
      inTurn(fail(410, 'GONE', 'That upload has expired. Please upload the file again.'), saved()),
    );

    await waitFor(async () => {
      expect(await keptEntries()).toEqual([expect.not.objectContaining({ uploadId: 'up1' })]);
    });
    expect(resumable).not.toHaveBeenCalled();

    setOnline(true, { announce: true });

    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(resumable).toHaveBeenCalledTimes(1);
    const uploads = callsTo(requests, 'POST /v1/pbs').map(({ body }) =>
      (body as FormData).get('uploadId'),
    );
    expect(uploads).toEqual(['up1', 'up2']);
    expect(saveKeys(requests)).toEqual(['key-1', 'key-1']);
  });

  it('shows the upload going, and Cancel stops it and removes the entry', async () => {
    const user = userEvent.setup();
    let options: ResumableUploadOptions | undefined;
    resumable.mockImplementation(
      (_file, given) =>
        new Promise((_resolve, reject) => {
          options = given;
          given.signal?.addEventListener('abort', () => {
            reject(new DOMException('The upload was aborted', 'AbortError'));
          });
        }),
    );
    await keepEntries(entryWith({ mediaType: 'video', file: squatClip() }));
    const requests = renderOutbox();
    await waitFor(() => {
      expect(options).toBeDefined();
    });
    act(() => {
      options?.onProgress?.(40);
    });
    expect(screen.getByTestId('outbox-status')).toHaveTextContent('Uploading… 40%');
    expect(screen.getByRole('progressbar', { name: 'Upload of Squat' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    act(() => {
      options?.onConnectionLost?.();
    });
    expect(screen.getByTestId('outbox-status')).toHaveTextContent('Waiting for a connection');
    // The video shows its first frame, from the kept file.
    expect(screen.getByLabelText('Video of Squat')).toHaveAttribute('src', 'blob:poster#t=0.1');

    await user.click(screen.getByRole('button', { name: 'Cancel upload of Squat' }));

    expect(options?.signal?.aborted).toBe(true);
    expect(await screen.findByText('Removed from the outbox')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Waiting to upload/ })).not.toBeInTheDocument();
    expect(revoke).toHaveBeenCalledWith('blob:poster');
    expect(await keptEntries()).toEqual([]);
    await settled();
    expect(saveKeys(requests)).toEqual([]);
  });

  describe('with Web Locks', () => {
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'locks');
    });

    function stubLocks(
      heldElsewhere: boolean,
      whenReleased: () => Promise<void> = () => Promise.resolve(),
    ) {
      const request = vi.fn(
        async (_name: string, options: LockOptions, callback: (lock: Lock | null) => unknown) => {
          if (options.mode === 'shared') await whenReleased();
          return callback(heldElsewhere && options.ifAvailable ? null : ({} as Lock));
        },
      );
      Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
      return request;
    }

    it('sends under the lock', async () => {
      const request = stubLocks(false);
      await keepEntries(entryWith());
      const requests = renderOutbox();
      expect(await screen.findByText('Uploaded')).toBeInTheDocument();
      expect(saveKeys(requests)).toEqual(['key-1']);
      expect(request).toHaveBeenCalledWith(
        'pbshare-outbox',
        { ifAvailable: true },
        expect.any(Function),
      );
    });

    it('leaves the sending to the tab that holds the lock, then shows what it left', async () => {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      stubLocks(true, () => released);
      await keepEntries(entryWith());
      const requests = renderOutbox();
      expect(await screen.findByRole('region', { name: 'Waiting to upload: 1' })).toBeVisible();
      await settled();
      expect(saveKeys(requests)).toEqual([]);

      // The other tab sent it, and lets go of the lock.
      await clear(outboxStore());
      release();

      await waitFor(() => {
        expect(screen.queryByRole('region', { name: /Waiting to upload/ })).not.toBeInTheDocument();
      });
      expect(saveKeys(requests)).toEqual([]);
    });
  });
});
