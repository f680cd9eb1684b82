import 'fake-indexeddb/auto';

import { ACCESS_TOKEN_STORAGE_KEY, type PersonalBest } from '@pbshare/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { OutboxSender, UNDO_MS } from '@/features/pbs';
import {
  entryWith,
  freshOutbox,
  keepEntries,
  keptEntries,
  setOnline,
} from '@/features/pbs/outbox/test/outbox-device';
import { callsTo, fail, ok, sentTo, stubApi, testUser, type StubHandler } from '@/test/api-stub';
import { expectLinks } from '@/test/expect-links';
import { renderPage } from '@/test/render';
import { historyRecord, pbWith, samplePb } from '@/test/fixtures/personal-bests';
import { ProfilePage } from './profile-page';

const deadlift = pbWith({
  id: 'r1',
  exerciseId: 'e1',
  title: 'Deadlift',
  personalBestHistory: [
    historyRecord({ id: 'h1', displayValue: '365 lbs', date: 'June 1, 2025', sets: 1, reps: 2 }),
  ],
});
const run = pbWith({
  id: 'r2',
  exerciseId: 'e2',
  title: '5K Run',
  category: 'Running',
  value: '0:22:48',
  displayValue: '22:48',
  amount: 1368,
  unit: 'duration',
  sets: null,
  reps: null,
  story: '',
});

function renderProfile(
  pbs: PersonalBest[] | StubHandler,
  handlers: Record<string, StubHandler> = {},
  user = testUser,
) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(user),
    'GET /v1/pbs': typeof pbs === 'function' ? pbs : () => ok(pbs),
    ...handlers,
  });
  const result = renderPage(<ProfilePage />, '/profile');
  return { ...result, requests };
}

describe('ProfilePage', () => {
  it('shows the loading text, then the empty state', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderProfile(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    expect(await screen.findByRole('status', { name: 'Loading personal bests' })).toBeVisible();
    answer(ok([]));

    expect(await screen.findByRole('heading', { name: 'No Personal Bests Yet' })).toBeVisible();
    expect(
      screen.getByText('Start tracking your fitness journey by adding your first personal best!'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add Your First PB' })).toHaveAttribute(
      'href',
      '/add-pb',
    );
    expect(screen.getByTestId('pb-count')).toHaveTextContent('0 Personal Bests');
    expect(screen.getByText("Used 0 of 3 exercises (history entries don't count)")).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Add New' })).not.toBeInTheDocument();
  });

  it('shows the header: greeting, count, public link and the ways to share and edit', async () => {
    renderProfile([deadlift]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Hi, ada');
    expect(screen.getByText('@ada')).toBeVisible();
    expect(screen.getByText('Lifts things.')).toBeVisible();
    expect(await screen.findByTestId('pb-count')).toHaveTextContent('1 Personal Best');
    expectLinks({
      [`${window.location.host}/ada`]: `${window.location.origin}/ada`,
      'Share Profile': '/share-profile',
      Settings: '/profile/settings',
      'Edit profile': '/profile/settings',
    });
  });

  it('lists the cards and opens one with its story, actions and history', async () => {
    const user = userEvent.setup();
    renderProfile([deadlift, run]);
    const cards = await screen.findAllByTestId('pb-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Deadlift');
    expect(cards[0]).toHaveTextContent('Weight Training');
    expect(cards[0]).toHaveTextContent('405 lbs');
    expect(cards[0]).toHaveTextContent('1 set × 1 rep');
    expect(cards[0]).toHaveTextContent('March 14, 2026');
    expect(cards[1]).toHaveTextContent('22:48');
    expect(screen.getByTestId('pb-count')).toHaveTextContent('2 Personal Bests');
    expect(screen.getByText("Used 2 of 3 exercises (history entries don't count)")).toBeVisible();
    const [firstCard] = cards;
    if (!firstCard) throw new Error('no card');
    const image = within(firstCard).getByRole('img', {
      name: 'Deadlift personal best',
    });
    expect(image).toHaveAttribute('srcset', '/media/a/card.webp 480w, /media/a/full.webp 1080w');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '1080');
    expect(screen.getByRole('button', { name: 'Drag to reorder Deadlift' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Deadlift: 405 lbs. Show details' }));
    const open = screen.getByRole('article', { name: 'Deadlift' });
    expect(within(open).getByText('Four plates.')).toBeVisible();
    expectLinks(
      { 'Edit Deadlift': '/edit-pb/r1', 'Add New Personal Best for Deadlift': '/add-pb' },
      open,
    );
    expect(within(open).getByRole('button', { name: 'Delete Deadlift' })).toBeVisible();
    const history = within(open).getByRole('region', { name: 'History' });
    // A weight lifted for reps is named as a rep max.
    expect(within(history).getByText('365 lbs × 2')).toBeVisible();
    expect(within(history).getByText('June 1, 2025 · 1 set × 2 reps')).toBeVisible();
    expect(
      within(history).getByRole('link', { name: 'Edit the 365 lbs from June 1, 2025' }),
    ).toHaveAttribute('href', '/edit-pb/h1');
    // 'Add New' hides while a card is open; dragging is off too.
    expect(screen.queryByRole('link', { name: 'Add New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Drag to reorder/ })).not.toBeInTheDocument();

    await user.click(within(open).getByRole('button', { name: 'Close Deadlift' }));
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/add-pb');
  });

  it('opens the card named by ?open= (after an edit), scrolls to it and clears the address', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    stubApi({
      'GET /v1/users/profile': () => ok(testUser),
      'GET /v1/pbs': () => ok([deadlift, run]),
    });
    const { router } = renderPage(<ProfilePage />, '/profile', '/profile?open=e2');
    await waitFor(() => {
      expect(
        screen.getAllByTestId('pb-card').find((card) => card.dataset.expanded === 'true'),
      ).toHaveTextContent('5K Run');
    });
    expect(scrolled).toHaveBeenCalled();
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('says when the list cannot be loaded', async () => {
    renderProfile(() => fail(500, 'INTERNAL_ERROR', 'Something went wrong'));
    expect(await screen.findByText('Failed to load personal bests')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('hides a card at once and shows it again when the server refuses', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    renderProfile([deadlift, run], {
      'PATCH /v1/pbs/visibility': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Hide 5K Run from your public page' }),
    );
    expect(await screen.findByText('Hidden')).toBeVisible();

    answer(fail(500, 'INTERNAL_ERROR', 'Something went wrong'));
    expect(await screen.findByText('Could not hide 5K Run. Please try again.')).toBeVisible();
    await waitFor(() => {
      expect(screen.queryByText('Hidden')).not.toBeInTheDocument();
    });
  });

  it('shows no free-tier counter to a Pro user', async () => {
    renderProfile([deadlift], {}, { ...testUser, subscription_tier: 'unlimited' });
    expect(await screen.findAllByTestId('pb-card')).toHaveLength(1);
    expect(screen.queryByTestId('free-tier-counter')).not.toBeInTheDocument();
  });
});

describe('ProfilePage deleting with Undo', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function confirmDelete(user: ReturnType<typeof userEvent.setup>, button: string) {
    await user.click(screen.getByRole('button', { name: button }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  }

  async function openRun(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: '5K Run: 22:48. Show details' }));
  }

  it('takes the card away at once and sends the delete when the toast runs out', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    let list = [deadlift, run];
    const { requests } = renderProfile(() => ok(list), {
      'DELETE /v1/pbs/r2': () => {
        list = [deadlift];
        return ok(null, 'Personal best deleted');
      },
    });
    await openRun(user);
    await confirmDelete(user, 'Delete 5K Run');

    expect(await screen.findByText('Deleted')).toBeVisible();
    expect(screen.getByText('Your 5K Run of 22:48 has been removed.')).toBeVisible();
    expect(screen.getAllByTestId('pb-card')).toHaveLength(1);
    expect(screen.getByTestId('pb-count')).toHaveTextContent('1 Personal Best');
    expect(callsTo(requests, 'DELETE /v1/pbs/r2')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 500));
    await waitFor(() => {
      expect(callsTo(requests, 'DELETE /v1/pbs/r2')).toHaveLength(1);
    });
    expect(screen.getAllByTestId('pb-card')).toHaveLength(1);
  });

  it('brings the card back in its place on Undo and never sends the delete', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { requests } = renderProfile([deadlift, run]);
    await user.click(
      await screen.findByRole('button', { name: 'Deadlift: 405 lbs. Show details' }),
    );
    await confirmDelete(user, 'Delete Deadlift');
    // The best of the records left heads the card while the delete waits.
    await waitFor(() => {
      expect(screen.getAllByTestId('pb-card')[0]).toHaveTextContent('365 lbs');
    });

    // fireEvent: sonner captures the pointer on a toast, which jsdom cannot.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(screen.getAllByTestId('pb-card')[0]).toHaveTextContent('405 lbs');
    expect(screen.getAllByTestId('pb-card')[1]).toHaveTextContent('5K Run');
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS * 2));
    expect(requests.filter(({ method }) => method === 'DELETE')).toHaveLength(0);
  });

  it('deletes a history record with its own toast, sent by its close button', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { requests } = renderProfile([deadlift], {
      'DELETE /v1/pbs/h1': () => ok(null, 'Personal best deleted'),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Deadlift: 405 lbs. Show details' }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete the 365 lbs from June 1, 2025' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 365 lbs × 2 from June 1, 2025?' });
    expect(dialog).toHaveTextContent('It leaves your Deadlift history; your best stays 405 lbs.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('History item deleted')).toBeVisible();
    expect(
      screen.getByText('Your Deadlift of 365 lbs × 2 from June 1, 2025 has been removed.'),
    ).toBeVisible();
    expect(screen.queryAllByTestId('pb-history-entry')).toHaveLength(0);
    expect(callsTo(requests, 'DELETE /v1/pbs/h1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Close toast' }));
    await waitFor(() => {
      expect(callsTo(requests, 'DELETE /v1/pbs/h1')).toHaveLength(1);
    });
  });

  it('puts the card back with an error toast when the delete fails', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderProfile([deadlift, run], {
      'DELETE /v1/pbs/r2': () => fail(500, 'INTERNAL_ERROR', 'Something went wrong'),
    });
    await openRun(user);
    await confirmDelete(user, 'Delete 5K Run');
    expect(screen.getAllByTestId('pb-card')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 500));
    expect(await screen.findByText('Error deleting personal best')).toBeVisible();
    await waitFor(() => {
      expect(screen.getAllByTestId('pb-card')).toHaveLength(2);
    });
  });

  it('sends a waiting delete at once when the page is left', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { requests } = renderProfile([deadlift, run], {
      'DELETE /v1/pbs/r2': () => ok(null, 'Personal best deleted'),
    });
    await openRun(user);
    await confirmDelete(user, 'Delete 5K Run');
    expect(callsTo(requests, 'DELETE /v1/pbs/r2')).toHaveLength(0);

    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => {
      expect(callsTo(requests, 'DELETE /v1/pbs/r2')).toHaveLength(1);
    });
  });

  it('sends waiting deletes before a new order, which then names every card left', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const row = pbWith({ id: 'r3', exerciseId: 'e3', title: 'Row', personalBestHistory: [] });
    const { requests } = renderProfile([deadlift, run, row], {
      'DELETE /v1/pbs/r2': () => ok(null, 'Personal best deleted'),
      'PATCH /v1/pbs/update-order': () => ok([row, deadlift]),
    });
    await openRun(user);
    await confirmDelete(user, 'Delete 5K Run');

    const handle = screen.getByRole('button', { name: 'Drag to reorder Row' });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowLeft}');
    await user.keyboard(' ');
    await waitFor(() => {
      expect(callsTo(requests, 'PATCH /v1/pbs/update-order')).toHaveLength(1);
    });
    const order = await sentTo(requests, 'PATCH /v1/pbs/update-order');
    const [deleted] = callsTo(requests, 'DELETE /v1/pbs/r2');
    if (!deleted) throw new Error('the delete was not sent');
    expect(requests.indexOf(deleted)).toBeLessThan(requests.indexOf(order));
  });
});

describe('ProfilePage at the free cap', () => {
  const three = [
    pbWith({ id: 'c1', exerciseId: 'x1', title: 'Bench' }),
    pbWith({ id: 'c2', exerciseId: 'x2', title: 'Squat' }),
    pbWith({ id: 'c3', exerciseId: 'x3', title: 'Row' }),
  ];

  it("explains the limit on 'Add New' before the form, offering Pro or a new record", async () => {
    renderProfile(three);
    await userEvent.click(await screen.findByRole('link', { name: 'Add New' }));

    const dialog = await screen.findByRole('dialog', { name: 'You have reached the free limit' });
    expect(within(dialog).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/pricing?from=%2Fprofile',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a record' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/add-pb');
  });

  it('lets a Pro user straight through, with a Pro badge', async () => {
    renderProfile(three, {}, { ...testUser, subscription_tier: 'unlimited' });
    expect(await screen.findByTestId('pro-badge')).toHaveTextContent('Pro');
    await userEvent.click(await screen.findByRole('link', { name: 'Add New' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/add-pb');
  });
});

describe('ProfilePage with PBs saved offline', () => {
  const revoke = vi.fn();
  beforeEach(async () => {
    await freshOutbox();
    URL.createObjectURL = vi.fn(() => 'blob:poster');
    revoke.mockClear();
    URL.revokeObjectURL = revoke;
  });

  /** The profile with the sender the site layout mounts. */
  function renderWithSender(save: StubHandler) {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const requests = stubApi({
      'GET /v1/users/profile': () => ok(testUser),
      'GET /v1/pbs': () => ok([deadlift]),
      'POST /v1/pbs': save,
    });
    renderPage(
      <>
        <OutboxSender />
        <ProfilePage />
      </>,
      '/profile',
    );
    return requests;
  }

  it("lists the account's waiting PBs above the cards, with their picture and value", async () => {
    setOnline(false);
    await keepEntries(
      entryWith(),
      entryWith({ id: 'theirs', userId: 'u2', fields: { ...entryWith().fields, title: 'Row' } }),
    );
    renderProfile([deadlift]);

    const outbox = await screen.findByRole('region', { name: 'Waiting to upload: 1' });
    expect(within(outbox).getByRole('img', { name: 'Photo of Squat' })).toHaveAttribute(
      'src',
      'blob:poster',
    );
    expect(outbox).toHaveTextContent('Squat');
    expect(outbox).toHaveTextContent('140 kg × 3');
    expect(within(outbox).getByTestId('outbox-status')).toHaveTextContent(
      'Waiting for a connection',
    );
    expect(within(outbox).getByRole('button', { name: 'Cancel upload of Squat' })).toBeVisible();
    expect(within(outbox).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // Another account's PB saved on this device stays out of sight.
    expect(screen.queryByText('Row')).not.toBeInTheDocument();
    const [card] = await screen.findAllByTestId('pb-card');
    expect(
      outbox.compareDocumentPosition(card as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('removes an entry on Cancel', async () => {
    setOnline(false);
    await keepEntries(entryWith());
    renderProfile([deadlift]);

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel upload of Squat' }));

    expect(await screen.findByText('Removed from the outbox')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Waiting to upload/ })).not.toBeInTheDocument();
    expect(revoke).toHaveBeenCalledWith('blob:poster');
    expect(await keptEntries()).toEqual([]);
  });

  it('refreshes the cards once a waiting PB is uploaded', async () => {
    await keepEntries(entryWith());
    const requests = renderWithSender(() => ok(samplePb, 'Personal best saved successfully!', 201));

    expect(await screen.findByText('Squat is saved.')).toBeInTheDocument();
    await waitFor(() => {
      expect(callsTo(requests, 'GET /v1/pbs').length).toBeGreaterThan(1);
    });
    expect(screen.queryByRole('region', { name: /Waiting to upload/ })).not.toBeInTheDocument();
  });

  it('opens the free-limit dialog when the server refuses a waiting PB for it, and keeps it', async () => {
    const user = userEvent.setup();
    await keepEntries(entryWith());
    const requests = renderWithSender(() =>
      fail(402, 'FREE_LIMIT_REACHED', 'Free accounts can track 3 exercises.'),
    );

    const dialog = await screen.findByRole('dialog', { name: 'You have reached the free limit' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const outbox = screen.getByRole('region', { name: 'Waiting to upload: 1' });
    expect(within(outbox).getByTestId('outbox-status')).toHaveTextContent(
      "Free accounts can track 3 exercises (history entries don't count).",
    );
    expect(within(outbox).getByRole('button', { name: 'Try again' })).toBeVisible();
    expect((await keptEntries())[0]?.refusal?.code).toBe('FREE_LIMIT_REACHED');

    // Back online, it is not sent again, and the dialog stays closed.
    setOnline(true, { announce: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(callsTo(requests, 'POST /v1/pbs')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
