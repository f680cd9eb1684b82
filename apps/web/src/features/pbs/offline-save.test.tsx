import 'fake-indexeddb/auto';

import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { callsTo, ok, stubApi, testUser } from '@/test/api-stub';
import { pbWith } from '@/test/fixtures/personal-bests';
import { renderPage, renderRoutes, withSiteProviders } from '@/test/render';
import { AddPbPage } from './add-pb-page';
import { keepPbDraft, readPbDraft } from './draft/pb-draft';
import { EditPbPage } from './edit-pb-page';
import { inspectVideo } from './media-files';
import type * as MediaFiles from './media-files';
import { emptyPbFormValues } from './pb-form-values';
import { freshOutbox, keptEntries, setOnline, squatClip } from './outbox/test/outbox-device';

// jsdom cannot decode a video: its length is what the test says it is.
vi.mock('./media-files', async (importOriginal) => ({
  ...(await importOriginal<typeof MediaFiles>()),
  inspectVideo: vi.fn(),
}));

function renderAddPage() {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/pbs': () => ok([]),
  });
  const { router } = renderRoutes(
    withSiteProviders([
      { path: '/add-pb', element: <AddPbPage /> },
      { path: '/profile', element: <p>Profile page</p> },
    ]),
    '/add-pb',
  );
  return { router, requests };
}

describe('saving with no network', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await freshOutbox();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    vi.mocked(inspectVideo).mockResolvedValue({ duration: 12 });
  });

  it('keeps a new PB in the outbox, forgets the draft and goes to the profile', async () => {
    const user = userEvent.setup();
    const values = { ...emptyPbFormValues(), title: 'Squat', unit: 'kg' as const, amount: '140' };
    keepPbDraft({ userId: testUser.id, values, file: undefined });
    setOnline(false);
    const { router, requests } = renderAddPage();
    expect(await screen.findByDisplayValue('Squat')).toBe(screen.getByLabelText('Exercise name'));
    await user.type(screen.getByRole('textbox', { name: 'Reps' }), '3');
    const clip = squatClip();
    await user.upload(screen.getByLabelText('Photo or video'), clip);
    expect(await screen.findByText('squat.mp4')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save Personal Best' }));

    expect(await screen.findByText('Saved on this device')).toBeInTheDocument();
    expect(screen.getByText("It uploads when you're back online.")).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile');
    });
    const [entry, ...others] = await keptEntries();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      userId: testUser.id,
      mediaType: 'video',
      fields: { title: 'Squat', category: 'Weight Training', amount: '140', unit: 'kg', reps: '3' },
    });
    expect(entry?.file).toBe(clip);
    expect(entry?.idempotencyKey).toMatch(/^[\x21-\x7e]{16,255}$/);
    expect(entry?.createdAt).toBeGreaterThan(0);
    expect(readPbDraft(testUser.id)).toBeUndefined();
    expect(callsTo(requests, 'POST /v1/pbs')).toEqual([]);
  });

  it('does not offer editing: it says a connection is needed and keeps the form', async () => {
    const user = userEvent.setup();
    const run = pbWith({ id: 'r9', title: '5K Run' });
    setOnline(false);
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const requests = stubApi({
      'GET /v1/users/profile': () => ok(testUser),
      'GET /v1/pbs': () => ok([run]),
      'GET /v1/pbs/r9': () => ok(run),
    });
    renderPage(<EditPbPage />, '/edit-pb/:id', '/edit-pb/r9');
    const title = await screen.findByLabelText('Exercise name');
    expect(title).toHaveValue('5K Run');
    await user.type(title, ' easy');

    await user.click(screen.getByRole('button', { name: 'Update Personal Best' }));

    expect(await screen.findByText("You're offline")).toBeInTheDocument();
    expect(screen.getByText('Editing a personal best needs a connection.')).toBeInTheDocument();
    expect(screen.getByLabelText('Exercise name')).toHaveValue('5K Run easy');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Personal Best' })).toBeVisible();
    expect(requests.filter(({ method }) => method !== 'GET')).toEqual([]);
    expect(await keptEntries()).toEqual([]);
  });
});
