import { ACCESS_TOKEN_STORAGE_KEY, type PersonalBest, type User } from '@pbshare/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { ok, stubApi, testUser } from '@/test/api-stub';
import { pbWith, samplePb } from '@/test/fixtures/personal-bests';
import { renderRoutes, withSiteProviders } from '@/test/render';
import { AddPbPage } from '../add-pb-page';
import { addRecordState, emptyPbFormValues } from '../pb-form-values';
import { clearPbDraft, keepPbDraft, readPbDraft } from './pb-draft';

vi.mock('@/lib/upload-with-progress', () => ({ uploadWithProgress: vi.fn() }));
const upload = vi.mocked(uploadWithProgress);

const pro: User = { ...testUser, subscription_tier: 'unlimited' };
const atLimit = [
  pbWith({ id: 'a', exerciseId: 'a', title: 'A' }),
  pbWith({ id: 'b', exerciseId: 'b', title: 'B' }),
  pbWith({ id: 'c', exerciseId: 'c', title: 'C' }),
];
const kept = { ...emptyPbFormValues(), title: 'Squat', amount: '315', story: 'Finally.' };
const photo = () => new File(['png'], 'squat.png', { type: 'image/png' });

function renderAddPage({
  user = testUser,
  pbs = atLimit,
  state,
}: { user?: User; pbs?: PersonalBest[]; state?: unknown } = {}) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  stubApi({
    'GET /v1/users/profile': () => ok(user),
    'GET /v1/pbs': () => ok(pbs),
  });
  return renderRoutes(
    withSiteProviders([
      { path: '/add-pb', element: <AddPbPage /> },
      { path: '/profile', element: <p>Profile page</p> },
      { path: '/pricing', element: <p>Pricing page</p> },
    ]),
    { pathname: '/add-pb', state },
  ).router;
}

/** What a reload leaves of a draft: its fields, and the word that a file had been picked. */
function keepDraftWithoutItsFile() {
  clearPbDraft();
  sessionStorage.setItem(
    'pbshare.pbDraft',
    JSON.stringify({ userId: testUser.id, hadFile: true, values: kept }),
  );
}

describe('the add form across an upgrade', { timeout: 15_000 }, () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    upload.mockReset();
    clearPbDraft();
  });
  afterEach(() => {
    toast.dismiss();
  });

  it('keeps the fields and the picked file as the user leaves for Pro', async () => {
    const user = userEvent.setup();
    upload.mockRejectedValue(
      new ApiError('Upgrade to Pro.', { status: 402, code: 'FREE_LIMIT_REACHED' }),
    );
    const router = renderAddPage();
    await user.type(await screen.findByLabelText('Exercise name'), 'Squat');
    await user.type(screen.getByRole('textbox', { name: 'Weight (lbs)' }), '315');
    const file = photo();
    await user.upload(screen.getByLabelText<HTMLInputElement>('Photo or video'), file);
    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));

    const dialog = await screen.findByRole('dialog', { name: 'You have reached the free limit' });
    expect(readPbDraft(testUser.id)).toBeUndefined();
    await user.click(within(dialog).getByRole('link', { name: 'Upgrade to Pro' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pricing');
    });
    const draft = readPbDraft(testUser.id);
    expect(draft?.values).toMatchObject({ title: 'Squat', amount: '315', unit: 'lbs' });
    expect(draft?.file).toBe(file);
  });

  it('opens on the draft once Pro, ready to save, and forgets it once saved', async () => {
    const user = userEvent.setup();
    upload.mockResolvedValue({ data: samplePb, message: 'Personal best saved successfully!' });
    keepPbDraft({ userId: testUser.id, values: kept, file: photo() });
    const router = renderAddPage({ user: pro });

    expect(await screen.findByText("You're Pro now. Your PB is ready to save.")).toBeVisible();
    expect(screen.getByLabelText('Exercise name')).toHaveValue('Squat');
    expect(screen.getByRole('textbox', { name: 'Weight (lbs)' })).toHaveValue('315');
    expect(screen.getByRole('textbox', { name: 'Your story' })).toHaveValue('Finally.');
    expect(screen.getByTestId('media-preview')).toHaveTextContent('squat.png');
    expect(screen.queryByTestId('media-note')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile');
    });
    const sent = upload.mock.calls[0]?.[1];
    expect(sent?.get('title')).toBe('Squat');
    expect(sent?.get('file')).toBeInstanceOf(File);
    expect(readPbDraft(testUser.id)).toBeUndefined();
  });

  it('says plainly when the file did not survive the trip, and keeps the rest', async () => {
    keepDraftWithoutItsFile();
    renderAddPage({ user: pro });

    expect(await screen.findByText("You're Pro now.")).toBeVisible();
    expect(screen.getByLabelText('Exercise name')).toHaveValue('Squat');
    const note = 'Your details are kept. Pick the photo or video again.';
    expect(screen.getByTestId('media-note')).toHaveTextContent(note);
    expect(
      screen.getByRole('button', { name: /Upload a photo or video/ }),
    ).toHaveAccessibleDescription(expect.stringContaining(note) as string);

    await userEvent.upload(screen.getByLabelText<HTMLInputElement>('Photo or video'), photo());
    // Picked again: the note has done its work.
    expect(screen.queryByTestId('media-note')).not.toBeInTheDocument();
  });

  it('opens on the draft without the Pro word when no upgrade happened', async () => {
    keepPbDraft({ userId: testUser.id, values: kept, file: undefined });
    renderAddPage();
    expect(await screen.findByDisplayValue('Squat')).toBe(screen.getByLabelText('Exercise name'));
    expect(screen.queryByText(/You're Pro now/)).not.toBeInTheDocument();
  });

  it.each(['Cancel', 'Back to profile'])('forgets the draft on %s', async (way) => {
    keepPbDraft({ userId: testUser.id, values: kept, file: photo() });
    const router = renderAddPage({ user: pro });
    await screen.findByDisplayValue('Squat');
    await userEvent.click(screen.getByRole('link', { name: way }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile');
    });
    expect(readPbDraft(testUser.id)).toBeUndefined();
  });

  it("leaves the draft aside for a card's 'Add New Personal Best for'", async () => {
    keepPbDraft({ userId: testUser.id, values: kept, file: photo() });
    const source = pbWith({ title: 'Deadlift' });
    renderAddPage({ user: pro, pbs: [source], state: addRecordState(source) });
    expect(await screen.findByText('A new record for Deadlift.')).toBeVisible();
    expect(screen.getByLabelText('Exercise name')).toHaveValue('Deadlift');
    expect(screen.queryByText(/You're Pro now/)).not.toBeInTheDocument();
    expect(readPbDraft(testUser.id)?.values.title).toBe('Squat');
  });
});
