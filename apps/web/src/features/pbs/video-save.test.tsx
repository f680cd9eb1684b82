import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { uploadResumably, type ResumableUploadOptions } from '@/lib/resumable-upload';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { ok, stubApi, testUser } from '@/test/api-stub';
import { samplePb } from '@/test/fixtures/personal-bests';
import { renderRoutes, withSiteProviders } from '@/test/render';
import { AddPbPage } from './add-pb-page';
import { inspectVideo } from './media-files';
import type * as MediaFiles from './media-files';
import { mightPrepare, prepareVideo, type PrepareVideoOptions } from './video-prep';

vi.mock('@/lib/upload-with-progress', () => ({ uploadWithProgress: vi.fn() }));
vi.mock('@/lib/resumable-upload', () => ({ uploadResumably: vi.fn() }));
vi.mock('./video-prep', () => ({ prepareVideo: vi.fn(), mightPrepare: vi.fn() }));
// jsdom cannot decode a video: its length is what the test says it is.
vi.mock('./media-files', async (importOriginal) => ({
  ...(await importOriginal<typeof MediaFiles>()),
  inspectVideo: vi.fn(),
}));

const save = vi.mocked(uploadWithProgress);
const resumable = vi.mocked(uploadResumably);
const prepare = vi.mocked(prepareVideo);
const canPrepare = vi.mocked(mightPrepare);

const clip = () => new File(['video'], 'squat.mp4', { type: 'video/mp4' });
const photo = () => new File(['png'], 'squat.png', { type: 'image/png' });

/** A call left open for the test to drive: its options, and its outcome to settle. */
function pending<T, O>() {
  const call: { options?: O; resolve: (value: T) => void; reject: (error: Error) => void } = {
    resolve: () => undefined,
    reject: () => undefined,
  };
  const start = (options: O) =>
    new Promise<T>((resolve, reject) => {
      Object.assign(call, { options, resolve, reject });
    });
  return { call, start };
}

function renderForm() {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/pbs': () => ok([]),
  });
  return renderRoutes(
    withSiteProviders([
      { path: '/add-pb', element: <AddPbPage /> },
      { path: '/profile', element: <p>Profile page</p> },
    ]),
    '/add-pb',
  );
}

/** Fills the form with a squat of 300 lbs and `file`, and presses Save. */
async function fillAndSave(file: File) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Exercise name'), 'Squat');
  await user.type(screen.getByRole('textbox', { name: 'Weight (lbs)' }), '300');
  await user.upload(screen.getByLabelText('Photo or video'), file);
  expect(await screen.findByText(file.name)).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));
  return user;
}

/** The form the save request was given, as a plain object of its parts. */
function sentParts(index = 0): Record<string, FormDataEntryValue> {
  const form = save.mock.calls[index]?.[1];
  return form ? Object.fromEntries(form.entries()) : {};
}

const saved = { data: samplePb, message: 'Personal best saved successfully!' };

describe('saving a PB with a video', { timeout: 15_000 }, () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    vi.mocked(inspectVideo).mockResolvedValue({ duration: 12 });
    save.mockReset();
    resumable.mockReset();
    prepare.mockReset();
    canPrepare.mockReset();
    canPrepare.mockReturnValue(false);
    prepare.mockImplementation((file) => Promise.resolve(file));
  });

  it('shows the preparation with its percentage; Cancel stops it and leaves the form as it was', async () => {
    canPrepare.mockReturnValue(true);
    let options: PrepareVideoOptions | undefined;
    prepare.mockImplementation(
      (_file, given) =>
        new Promise((_resolve, reject) => {
          options = given;
          given?.signal?.addEventListener('abort', () => {
            reject(new DOMException('The video preparation was canceled.', 'AbortError'));
          });
        }),
    );
    renderForm();
    const user = await fillAndSave(clip());

    const line = await screen.findByTestId('video-preparing');
    expect(line).toHaveTextContent('Preparing video… 0%');
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    act(() => {
      options?.onProgress?.(42);
    });
    expect(line).toHaveTextContent('Preparing video… 42%');
    expect(screen.getByRole('progressbar', { name: 'Video preparation' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );

    await user.click(within(line).getByRole('button', { name: 'Cancel' }));

    expect(options?.signal?.aborted).toBe(true);
    await waitFor(() => {
      expect(screen.queryByTestId('video-preparing')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Save Personal Best' })).toBeEnabled();
    expect(screen.getByLabelText('Exercise name')).toHaveValue('Squat');
    expect(screen.getByLabelText('Exercise name')).toBeEnabled();
    expect(screen.getByText('squat.mp4')).toBeVisible();
    expect(screen.queryByText('Error saving personal best')).not.toBeInTheDocument();
    expect(resumable).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });

  it('uploads the prepared video, named by the pick it came from', async () => {
    canPrepare.mockReturnValue(true);
    const smaller = new File(['v'], 'squat.mp4', { type: 'video/mp4' });
    prepare.mockResolvedValue(smaller);
    resumable.mockResolvedValue({ uploadId: 'up1' });
    save.mockResolvedValue(saved);
    const picked = clip();
    renderForm();
    await fillAndSave(picked);

    await waitFor(() => {
      expect(save).toHaveBeenCalled();
    });
    expect(prepare).toHaveBeenCalledWith(picked, expect.anything());
    expect(resumable).toHaveBeenCalledWith(
      smaller,
      expect.objectContaining({ userId: testUser.id, preparedFrom: picked }),
    );
  });

  it('says when the connection is lost, until bytes flow again, then saves with the upload id', async () => {
    const upload = pending<{ uploadId: string }, ResumableUploadOptions>();
    resumable.mockImplementation((_file, options) => upload.start(options));
    save.mockResolvedValue(saved);
    const { router } = renderForm();
    await fillAndSave(clip());

    await waitFor(() => {
      expect(upload.call.options).toBeDefined();
    });
    // No preparation in this browser: nothing says so.
    expect(screen.queryByTestId('video-preparing')).not.toBeInTheDocument();
    act(() => {
      upload.call.options?.onProgress?.(0);
      upload.call.options?.onProgress?.(30);
    });
    const progress = screen.getByTestId('upload-progress');
    expect(progress).toHaveTextContent('Uploading... 25%');

    act(() => {
      upload.call.options?.onConnectionLost?.();
    });
    const lost = screen.getByTestId('upload-connection-lost');
    expect(lost).toHaveTextContent('Connection lost, retrying…');
    expect(within(progress).getByRole('status')).toHaveTextContent('Connection lost, retrying…');

    act(() => {
      upload.call.options?.onResumed?.();
      upload.call.options?.onProgress?.(55);
    });
    expect(screen.queryByTestId('upload-connection-lost')).not.toBeInTheDocument();
    expect(progress).toHaveTextContent('Uploading... 50%');

    act(() => {
      upload.call.resolve({ uploadId: 'up1' });
    });
    await waitFor(() => {
      expect(save).toHaveBeenCalled();
    });
    expect(sentParts()).toMatchObject({ title: 'Squat', amount: '300', uploadId: 'up1' });
    expect(sentParts()).not.toHaveProperty('file');
    const [path, , options] = save.mock.calls[0] ?? [];
    expect(path).toBe('/pbs');
    expect(options?.idempotencyKey).toBeTruthy();
    // The bytes are there: the save itself shows as the server's processing, not from 0 %.
    expect(options?.onProgress).toBeUndefined();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile');
    });
  });

  it('does not send the video again after a refusal of the fields', async () => {
    resumable.mockResolvedValue({ uploadId: 'up1' });
    save
      .mockRejectedValueOnce(
        new ApiError('Bad', {
          status: 400,
          code: 'VALIDATION_ERROR',
          issues: [{ field: 'title', message: 'That name is not allowed' }],
        }),
      )
      .mockResolvedValueOnce(saved);
    renderForm();
    const user = await fillAndSave(clip());
    expect(await screen.findByText('That name is not allowed')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));

    await waitFor(() => {
      expect(save).toHaveBeenCalledTimes(2);
    });
    expect(resumable).toHaveBeenCalledTimes(1);
    expect(sentParts(1)).toMatchObject({ uploadId: 'up1' });
  });

  it('sends the video again when the server no longer has its upload', async () => {
    const gone = 'That upload was not found. Please pick the file again.';
    resumable.mockResolvedValueOnce({ uploadId: 'up1' }).mockResolvedValueOnce({ uploadId: 'up2' });
    save
      .mockRejectedValueOnce(new ApiError(gone, { status: 404, code: 'NOT_FOUND' }))
      .mockResolvedValueOnce(saved);
    renderForm();
    const user = await fillAndSave(clip());

    await waitFor(() => {
      expect(screen.getByLabelText('Photo or video')).toHaveAccessibleDescription(gone);
    });
    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));

    await waitFor(() => {
      expect(save).toHaveBeenCalledTimes(2);
    });
    expect(resumable).toHaveBeenCalledTimes(2);
    expect(sentParts(1)).toMatchObject({ uploadId: 'up2' });
  });

  it('shows an upload’s refusal like any refused save', async () => {
    const tooLarge = 'Videos can be at most 300 MB.';
    resumable.mockRejectedValue(new ApiError(tooLarge, { status: 413, code: 'PAYLOAD_TOO_LARGE' }));
    renderForm();
    await fillAndSave(clip());

    await waitFor(() => {
      expect(screen.getByText('Error saving personal best')).toBeVisible();
    });
    expect(screen.getByLabelText('Photo or video')).toHaveAccessibleDescription(tooLarge);
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save Personal Best' })).toBeEnabled();
  });

  it('sends a photo as before: in the save request, with its progress', async () => {
    save.mockResolvedValue(saved);
    renderForm();
    await fillAndSave(photo());

    await waitFor(() => {
      expect(save).toHaveBeenCalled();
    });
    expect(sentParts().file).toBeInstanceOf(File);
    expect(sentParts()).not.toHaveProperty('uploadId');
    expect(save.mock.calls[0]?.[2]?.onProgress).toBeInstanceOf(Function);
    expect(prepare).not.toHaveBeenCalled();
    expect(resumable).not.toHaveBeenCalled();
  });
});
