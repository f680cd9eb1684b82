import { ACCESS_TOKEN_STORAGE_KEY, VIDEO_MAX_BYTES } from '@pbshare/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { ok, stubApi, testUser } from '@/test/api-stub';
import { renderRoutes, withSiteProviders } from '@/test/render';
import { AddPbPage } from './add-pb-page';
import { inspectVideo } from './media-files';
import type * as MediaFiles from './media-files';
import { addRecordState } from './pb-form-values';
import { historyRecord, pbWith, samplePb } from '@/test/fixtures/personal-bests';

vi.mock('@/lib/upload-with-progress', () => ({ uploadWithProgress: vi.fn() }));
const upload = vi.mocked(uploadWithProgress);
// jsdom cannot decode a video: its length is what the test says it is.
vi.mock('./media-files', async (importOriginal) => ({
  ...(await importOriginal<typeof MediaFiles>()),
  inspectVideo: vi.fn(),
}));
const inspect = vi.mocked(inspectVideo);

function renderAddPage(state?: unknown, pbs = [samplePb]) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/pbs': () => ok(pbs),
  });
  const { router } = renderRoutes(
    withSiteProviders([
      { path: '/add-pb', element: <AddPbPage /> },
      { path: '/profile', element: <p>Profile page</p> },
    ]),
    { pathname: '/add-pb', state },
  );
  return router;
}

/** The FormData the mocked upload was given, as a plain object of its text parts. */
function sentFields(): Record<string, FormDataEntryValue> {
  const form = upload.mock.calls[0]?.[1];
  return form ? Object.fromEntries(form.entries()) : {};
}

async function pickFile(file: File) {
  const input = screen.getByLabelText<HTMLInputElement>('Photo or video');
  await userEvent.upload(input, file, { applyAccept: false });
}

const photo = () => new File(['png'], 'lift.png', { type: 'image/png' });

// These type a lot; a busy machine (CI running other suites) may take several seconds.
describe('AddPbPage', { timeout: 15_000 }, () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    upload.mockReset();
    inspect.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    // Sonner keeps its toasts in module state across tests; a leftover one shadows the next.
    toast.dismiss();
  });

  it('shows the title, the tips and a save button that says what is missing', async () => {
    const user = userEvent.setup();
    renderAddPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add New Personal Best' }),
    ).toBeVisible();
    expect(screen.getByText('Tips for Capturing Great PB Moments')).toBeVisible();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Take photos or videos in good lighting.',
      'For weights, show the plates on the bar.',
      'For running, swimming and cycling, include your tracker.',
      'Share the story behind your achievement.',
    ]);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Weight Training');
    expect(screen.getByLabelText('Exercise name')).toHaveAttribute('placeholder', 'e.g. Deadlift');
    const save = screen.getByRole('button', { name: 'Save Personal Best' });
    // Never greyed out: pressing it says why nothing happens.
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Exercise name is required')).toBeVisible();
    expect(screen.getByText('Please enter the weight')).toBeVisible();
    const media = screen.getByRole('button', { name: /Upload a photo or video/ });
    expect(media).toHaveAccessibleDescription(
      'Please upload an image or video to save your personal best',
    );
    // The media comes first in the form, so it gets the focus.
    await waitFor(() => {
      expect(media).toHaveFocus();
    });
    expect(screen.getByTestId('save-blocked')).toHaveTextContent(
      'Add a photo or video and fix the fields marked above to save this PB.',
    );
    expect(save).toHaveAccessibleDescription(
      'Add a photo or video and fix the fields marked above to save this PB.',
    );

    await pickFile(photo());
    expect(await screen.findByText('lift.png')).toBeVisible();
    expect(screen.getByRole('img', { name: 'The photo you picked' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.getByTestId('save-blocked')).toHaveTextContent(
      'Fix the fields marked above to save this PB.',
    );
    await user.click(save);
    // With the media there, the first field with a problem gets the focus.
    await waitFor(() => {
      expect(screen.getByLabelText('Exercise name')).toHaveFocus();
    });
    expect(upload).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Exercise name'), 'Squat');
    await user.type(screen.getByRole('textbox', { name: 'Weight (lbs)' }), '300');
    await user.click(screen.getByRole('button', { name: 'Remove media' }));
    await user.click(save);
    expect(screen.getByTestId('save-blocked')).toHaveTextContent(
      'Add a photo or video to save this PB.',
    );
    await waitFor(() => {
      expect(screen.getByRole('button', { name: /Upload a photo or video/ })).toHaveFocus();
    });
    expect(upload).not.toHaveBeenCalled();
  });

  it('focuses the value when it is the first problem', async () => {
    const user = userEvent.setup();
    renderAddPage();
    await user.type(await screen.findByLabelText('Exercise name'), 'Squat');
    await pickFile(photo());
    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));
    expect(await screen.findByText('Please enter the weight')).toBeVisible();
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'Weight (lbs)' })).toHaveFocus();
    });
    expect(screen.getByTestId('save-blocked')).toHaveTextContent(
      'Fix the fields marked above to save this PB.',
    );
    // Typing the value clears its message and the summary, as for any other field.
    await user.type(screen.getByRole('textbox', { name: 'Weight (lbs)' }), '300');
    await waitFor(() => {
      expect(screen.queryByText('Please enter the weight')).not.toBeInTheDocument();
    });
    expect(screen.getByTestId('save-blocked')).toBeEmptyDOMElement();
  });

  it('changes the placeholder and the value inputs with the category', async () => {
    const user = userEvent.setup();
    renderAddPage();
    const category = await screen.findByRole('combobox', { name: 'Category' });
    const placeholders: Record<string, string> = {
      'Bodyweight Training': 'e.g. Pull-ups',
      Running: 'e.g. 5K Run',
      Cycling: 'e.g. 40K Ride',
      Swimming: 'e.g. 100m Freestyle',
    };
    for (const [option, placeholder] of Object.entries(placeholders)) {
      await user.selectOptions(category, option);
      expect(screen.getByLabelText('Exercise name')).toHaveAttribute('placeholder', placeholder);
    }
    // Time-based: hours, minutes and seconds, with no unit to choose.
    expect(screen.getByRole('textbox', { name: 'Minutes' })).toBeVisible();
    expect(screen.queryByRole('radiogroup', { name: 'Unit' })).not.toBeInTheDocument();

    await user.selectOptions(category, 'Bodyweight Training');
    const units = screen.getByRole('radiogroup', { name: 'Unit' });
    expect(within(units).getByRole('radio', { name: 'Reps' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The value is the reps: one Reps field, and sets stay.
    expect(screen.getAllByRole('textbox', { name: 'Reps' })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Reps' })).toHaveAttribute('placeholder', 'e.g. 15');
    expect(screen.getByRole('textbox', { name: 'Sets' })).toBeVisible();
    await user.click(within(units).getByRole('radio', { name: 'Time' }));
    expect(screen.getByRole('textbox', { name: 'Seconds' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Reps' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sets' })).toBeVisible();
  });

  it.each(['Running', 'Cycling', 'Swimming'])('shows %s no sets or reps', async (option) => {
    const user = userEvent.setup();
    renderAddPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), option);
    expect(screen.getByRole('textbox', { name: 'Minutes' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Sets' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reps' })).not.toBeInTheDocument();
  });

  it('clears the counts a new category has not, and never sends them', async () => {
    const user = userEvent.setup();
    upload.mockResolvedValue({ data: samplePb, message: 'Personal best saved successfully!' });
    renderAddPage(undefined, []);
    const category = await screen.findByRole('combobox', { name: 'Category' });
    await user.type(screen.getByRole('textbox', { name: 'Sets' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'Reps' }), '5');
    await user.selectOptions(category, 'Bodyweight Training');
    expect(screen.getByRole('textbox', { name: 'Sets' })).toHaveValue('3');
    await user.selectOptions(category, 'Weight Training');
    // The reps went with Bodyweight Training; the sets stayed.
    expect(screen.getByRole('textbox', { name: 'Reps' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Sets' })).toHaveValue('3');
    await user.selectOptions(category, 'Running');
    await user.selectOptions(category, 'Weight Training');
    expect(screen.getByRole('textbox', { name: 'Sets' })).toHaveValue('');

    await user.type(screen.getByRole('textbox', { name: 'Sets' }), '4');
    await user.selectOptions(category, 'Bodyweight Training');
    await user.type(screen.getByLabelText('Exercise name'), 'Pull-ups');
    await user.type(screen.getByRole('textbox', { name: 'Reps' }), '15');
    await pickFile(photo());
    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));
    await waitFor(() => {
      expect(upload).toHaveBeenCalled();
    });
    expect(sentFields()).toMatchObject({
      category: 'Bodyweight Training',
      amount: '15',
      unit: 'reps',
      sets: '4',
      reps: '',
    });
  });

  it('shows the validation messages and sends nothing', async () => {
    const user = userEvent.setup();
    renderAddPage();
    await pickFile(photo());
    await user.type(screen.getByRole('textbox', { name: 'Sets' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));

    expect(await screen.findByText('Exercise name is required')).toBeVisible();
    expect(screen.getByText('Please enter the weight')).toBeVisible();
    expect(screen.getByText('Sets must be a whole number from 1 to 1000')).toBeVisible();
    expect(screen.getByLabelText('Exercise name')).toHaveAttribute('aria-invalid', 'true');
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends a time as its seconds, shows the progress buckets, then goes to the profile', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    upload.mockImplementation((_path, _form, options) => {
      options?.onProgress?.(0);
      options?.onProgress?.(60);
      return new Promise((resolve) => {
        finish = () => {
          options?.onProgress?.(100);
          resolve({ data: pbWith({ id: 'new' }), message: 'Personal best saved successfully!' });
        };
      });
    });
    const router = renderAddPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'Running');
    await user.type(screen.getByLabelText('Exercise name'), '5K Run');
    await user.type(screen.getByRole('textbox', { name: 'Minutes' }), '22');
    await user.type(screen.getByRole('textbox', { name: 'Seconds' }), '48');
    await user.type(screen.getByRole('textbox', { name: 'Your story' }), ' Negative splits. ');
    await pickFile(photo());
    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));

    expect(await screen.findByRole('button', { name: 'Saving... 50%' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(sentFields()).toMatchObject({
      title: '5K Run',
      category: 'Running',
      amount: '1368',
      unit: 'duration',
      sets: '',
      reps: '',
      story: 'Negative splits.',
    });
    expect(sentFields().file).toBeInstanceOf(File);
    expect(sentFields()).not.toHaveProperty('isEditMode');
    expect(sentFields()).not.toHaveProperty('isAdding');
    expect(sentFields()).not.toHaveProperty('value');

    finish();
    expect(await screen.findByText('Success!')).toBeVisible();
    expect(screen.getByText('Personal best saved successfully!')).toBeVisible();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile');
    });
  });

  it('puts the server’s field problems on the fields and says the save failed', async () => {
    const user = userEvent.setup();
    upload.mockRejectedValue(
      new ApiError('You already have a personal best called Deadlift.', {
        status: 400,
        code: 'VALIDATION_ERROR',
        issues: [
          { field: 'title', message: 'That name is taken' },
          { field: 'value', message: 'That weight is out of range' },
          { field: 'file', message: 'Video must be 30 seconds or less.' },
        ],
      }),
    );
    renderAddPage();
    await user.type(await screen.findByLabelText('Exercise name'), 'Squat');
    await user.type(screen.getByRole('textbox', { name: 'Weight (lbs)' }), '500');
    await pickFile(photo());
    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));

    expect(await screen.findByText('Error saving personal best')).toBeVisible();
    expect(screen.getByText('That name is taken')).toBeVisible();
    expect(screen.getByText('That weight is out of range')).toBeVisible();
    expect(screen.getByText('Video must be 30 seconds or less.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save Personal Best' })).toBeEnabled();
  });

  it('offers Pro when the free limit refuses a new exercise', async () => {
    const user = userEvent.setup();
    const refusal = 'Free accounts can track up to 3 exercises. Upgrade to Pro.';
    upload.mockRejectedValue(new ApiError(refusal, { status: 402, code: 'FREE_LIMIT_REACHED' }));
    renderAddPage(undefined, [
      pbWith({ id: 'a', exerciseId: 'a', title: 'A' }),
      pbWith({ id: 'b', exerciseId: 'b', title: 'B' }),
      pbWith({ id: 'c', exerciseId: 'c', title: 'C' }),
    ]);
    await user.type(await screen.findByLabelText('Exercise name'), 'Squat');
    expect(
      await screen.findByText(
        /Free accounts can track 3 exercises \(history entries don't count\): pick one of yours/,
      ),
    ).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Weight (lbs)' }), '315');
    await pickFile(photo());
    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));

    const dialog = await screen.findByRole('dialog', { name: 'You have reached the free limit' });
    expect(dialog).toHaveTextContent(
      "Free accounts can track 3 exercises (history entries don't count). Upgrade to Pro for unlimited exercises.",
    );
    // After buying, the user comes back to the form.
    expect(within(dialog).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/pricing?from=%2Fadd-pb',
    );
  });

  it('refuses a file that is not an image or a video', async () => {
    renderAddPage();
    await screen.findByRole('heading', { level: 1, name: 'Add New Personal Best' });
    await pickFile(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid file type')).toBeVisible();
    // In the toast and under the media field, which it describes.
    expect(screen.getAllByText('Please select an image or video file.')).toHaveLength(2);
    expect(screen.getByLabelText('Photo or video')).toHaveAccessibleDescription(
      'Please select an image or video file.',
    );
    // It stays after the toast is gone, until another file is picked.
    toast.dismiss();
    await waitFor(() => {
      expect(screen.queryByText('Invalid file type')).not.toBeInTheDocument();
    });
    expect(screen.getByText('Please select an image or video file.')).toHaveAttribute(
      'role',
      'alert',
    );
    await pickFile(photo());
    expect(await screen.findByText('lift.png')).toBeVisible();
    expect(screen.queryByText('Please select an image or video file.')).not.toBeInTheDocument();
  });

  it('shows a video over 30 seconds in the media field', async () => {
    const user = userEvent.setup();
    inspect.mockResolvedValue({ duration: 32 });
    renderAddPage();
    await screen.findByRole('heading', { level: 1, name: 'Add New Personal Best' });
    await pickFile(new File(['v'], 'long.webm', { type: 'video/webm' }));
    const prompt = screen.getByRole('button', { name: /Upload a photo or video/ });
    await waitFor(() => {
      expect(prompt).toHaveAccessibleDescription('Video must be 30 seconds or less.');
    });
    expect(screen.getAllByText('Video must be 30 seconds or less.')[0]).toHaveAttribute(
      'role',
      'alert',
    );
    // Typing elsewhere does not clear it.
    await user.type(screen.getByLabelText('Exercise name'), 'Sprint');
    expect(prompt).toHaveAccessibleDescription('Video must be 30 seconds or less.');
  });

  it('shows a file over the size limit in the media field', async () => {
    renderAddPage();
    await screen.findByRole('heading', { level: 1, name: 'Add New Personal Best' });
    const huge = new File(['v'], 'huge.mp4', { type: 'video/mp4' });
    Object.defineProperty(huge, 'size', { value: VIDEO_MAX_BYTES + 1 });
    await pickFile(huge);
    expect(await screen.findByText('File too large')).toBeVisible();
    const prompt = screen.getByRole('button', { name: /Upload a photo or video/ });
    expect(prompt.getAttribute('aria-describedby')).toBeTruthy();
    expect(prompt).toHaveAccessibleDescription(/300 MB/);
    expect(inspect).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a refused upload',
      new ApiError('Images can be at most 40 megapixels.', {
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      }),
    ],
    [
      'the upload limit',
      new ApiError('You can upload 2 files at a time.', {
        status: 429,
        code: 'RATE_LIMITED',
        issues: [{ field: 'file', message: 'Please wait for your other uploads to finish.' }],
      }),
    ],
    ['a connection lost mid-upload', new ApiError('Network error', { status: 0 })],
  ])('shows %s in the media field, not only in a toast', async (_name, error) => {
    const user = userEvent.setup();
    upload.mockRejectedValue(error);
    renderAddPage();
    await user.type(await screen.findByLabelText('Exercise name'), 'Squat');
    await user.type(screen.getByRole('textbox', { name: 'Weight (lbs)' }), '500');
    await pickFile(photo());
    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));

    // A toast mounts hidden and fades in; wait for it to show rather than catch its first frame.
    await waitFor(() => {
      expect(screen.getByText('Error saving personal best')).toBeVisible();
    });
    const shown = error.issues[0]?.message ?? error.message;
    expect(screen.getByLabelText('Photo or video')).toHaveAccessibleDescription(shown);
  });

  it('sends the same Idempotency-Key again only after a save whose outcome is unknown', async () => {
    const user = userEvent.setup();
    upload
      .mockRejectedValueOnce(new ApiError('Network error', { status: 0 }))
      .mockRejectedValueOnce(new ApiError('Bad', { status: 400, code: 'VALIDATION_ERROR' }))
      .mockResolvedValueOnce({ data: samplePb, message: 'Personal best saved successfully!' });
    renderAddPage();
    await user.type(await screen.findByLabelText('Exercise name'), 'Squat');
    await user.type(screen.getByRole('textbox', { name: 'Weight (lbs)' }), '500');
    await pickFile(photo());
    const saveButton = screen.getByRole('button', { name: 'Save Personal Best' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await waitFor(() => {
        expect(saveButton).toBeEnabled();
      });
      await user.click(saveButton);
      await waitFor(() => {
        expect(upload).toHaveBeenCalledTimes(attempt);
      });
    }
    const keys = upload.mock.calls.map(([, , options]) => options?.idempotencyKey);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('prefills a new record of an existing exercise from the navigation state', async () => {
    const user = userEvent.setup();
    upload.mockResolvedValue({ data: samplePb, message: 'Personal best saved successfully!' });
    const source = pbWith({ unit: 'kg', sets: 3, reps: 5 });
    renderAddPage(addRecordState(source), [source]);

    expect(await screen.findByText('A new record for Deadlift.')).toBeVisible();
    expect(screen.getByLabelText('Exercise name')).toHaveValue('Deadlift');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Weight Training');
    expect(screen.getByRole('textbox', { name: 'Sets' })).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: 'Reps' })).toHaveValue('5');
    // The exercise's own unit, once the list is known.
    expect(await screen.findByRole('textbox', { name: 'Weight (kg)' })).toBeVisible();
    expect(screen.getByText('This adds a new record to your Deadlift.')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Weight (kg)' }), '410');
    await pickFile(photo());
    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));
    await waitFor(() => {
      expect(upload).toHaveBeenCalled();
    });
    expect(sentFields()).toMatchObject({
      title: 'Deadlift',
      amount: '410',
      unit: 'kg',
      sets: '3',
      reps: '5',
    });
    // Better than 405 kg: celebrated.
    expect(await screen.findByText('New PB! +5 kg')).toBeVisible();
  });

  describe('a new record that does not beat the best', () => {
    // The card is the headline, the best (140 kg); a newer, lower 120 kg sits in its history.
    const deadlift = pbWith({
      id: 'best',
      exerciseId: 'ex-dl',
      title: 'Deadlift',
      value: '140 kg',
      displayValue: '140 kg',
      amount: 140,
      unit: 'kg',
      achievedOn: '2026-03-04',
      createdAt: '2026-03-04T10:00:00.000Z',
      personalBestHistory: [
        historyRecord({
          id: 'newer',
          amount: 120,
          unit: 'kg',
          achievedOn: '2026-05-01',
          createdAt: '2026-05-01T10:00:00.000Z',
        }),
        historyRecord({ id: 'old', amount: 100, unit: 'kg', achievedOn: '2025-01-01' }),
      ],
    });

    async function fillDeadlift(title: string, kg: string) {
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Exercise name'), title);
      await user.click(screen.getByRole('radio', { name: 'kg' }));
      await user.type(screen.getByRole('textbox', { name: 'Weight (kg)' }), kg);
      await pickFile(photo());
      await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));
      return user;
    }

    it('asks first; Cancel saves nothing and keeps the form', async () => {
      renderAddPage(undefined, [deadlift]);
      // Another spelling of the same exercise (its title key) counts.
      const user = await fillDeadlift('  deadLIFT ', '100');
      const dialog = await screen.findByRole('dialog', { name: 'Not a new PB' });
      expect(dialog).toHaveAccessibleDescription(
        '100 kg is below your best, 140 kg on March 4, 2026. Your best stays 140 kg; 100 kg goes to your history.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(upload).not.toHaveBeenCalled();
      expect(screen.getByRole('textbox', { name: 'Weight (kg)' })).toHaveValue('100');
      expect(screen.getByRole('button', { name: 'Save Personal Best' })).toBeEnabled();
    });

    it("saves on 'Save anyway' without a New PB toast", async () => {
      upload.mockResolvedValue({ data: deadlift, message: 'Personal best saved successfully!' });
      const router = renderAddPage(undefined, [deadlift]);
      const user = await fillDeadlift('Deadlift', '140');
      const dialog = await screen.findByRole('dialog', { name: 'Not a new PB' });
      expect(dialog).toHaveAccessibleDescription(
        '140 kg equals your best, 140 kg on March 4, 2026. Your best stays 140 kg; 140 kg goes to your history.',
      );
      expect(upload).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
      await waitFor(() => {
        expect(upload).toHaveBeenCalledTimes(1);
      });
      expect(sentFields()).toMatchObject({ title: 'Deadlift', amount: '140', unit: 'kg' });
      // Kept as history: neither the toast nor its words claim a new personal best.
      expect(await screen.findByText('Saved to your history')).toBeVisible();
      expect(screen.queryByText(/New PB!/)).not.toBeInTheDocument();
      expect(screen.queryByText('Personal best saved successfully!')).not.toBeInTheDocument();
      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/profile');
      });
    });

    it('compares across kg and lbs, and celebrates a better one at once', async () => {
      upload.mockResolvedValue({ data: deadlift, message: 'Personal best saved successfully!' });
      renderAddPage(undefined, [deadlift]);
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Exercise name'), 'Deadlift');
      // 320 lbs is 145.15 kg: better than 140 kg, by 11.35 lbs shown to a tenth.
      await user.type(screen.getByRole('textbox', { name: 'Weight (lbs)' }), '320');
      await pickFile(photo());
      await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));
      expect(await screen.findByText('New PB! +11.4 lbs')).toBeVisible();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(upload).toHaveBeenCalledTimes(1);
    });

    it('asks about a slower race', async () => {
      const run = pbWith({
        title: '5K Run',
        category: 'Running',
        amount: 1368,
        unit: 'duration',
        achievedOn: '2026-03-04',
      });
      renderAddPage(undefined, [run]);
      const user = userEvent.setup();
      await user.selectOptions(
        await screen.findByRole('combobox', { name: 'Category' }),
        'Running',
      );
      await user.type(screen.getByLabelText('Exercise name'), '5K Run');
      await user.type(screen.getByRole('textbox', { name: 'Minutes' }), '25');
      await pickFile(photo());
      await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));
      expect(
        await screen.findByRole('dialog', { name: 'Not a new PB' }),
      ).toHaveAccessibleDescription(
        '25:00 is slower than your best, 22:48 on March 4, 2026. Your best stays 22:48; 25:00 goes to your history.',
      );
    });

    it('never asks about a value of another unit family', async () => {
      upload.mockResolvedValue({ data: samplePb, message: 'Personal best saved successfully!' });
      const pullUps = pbWith({
        title: 'Pull-ups',
        category: 'Bodyweight Training',
        amount: 20,
        unit: 'reps',
      });
      renderAddPage(undefined, [pullUps]);
      const user = userEvent.setup();
      await user.selectOptions(
        await screen.findByRole('combobox', { name: 'Category' }),
        'Bodyweight Training',
      );
      await user.type(screen.getByLabelText('Exercise name'), 'Pull-ups');
      await user.click(screen.getByRole('radio', { name: 'Time' }));
      await user.type(screen.getByRole('textbox', { name: 'Seconds' }), '30');
      await pickFile(photo());
      await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));
      expect(await screen.findByText('Success!')).toBeVisible();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(upload).toHaveBeenCalledTimes(1);
    });
  });
});
