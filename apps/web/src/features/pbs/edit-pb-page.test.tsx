import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, fail, jsonBodyOf, ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { EditPbPage } from './edit-pb-page';
import { historyRecord, pbWith } from '@/test/fixtures/personal-bests';

const run = pbWith({
  id: 'r9',
  title: '5K Run',
  category: 'Running',
  value: '1:02:03',
  displayValue: '1:02:03',
  amount: 3723,
  unit: 'duration',
  sets: null,
  reps: 3,
  story: 'Long day.',
  achievedOn: '2025-05-04',
});

function renderEdit(handlers: Parameters<typeof stubApi>[0]) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const fetchMock = stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/pbs': () => ok([run]),
    ...handlers,
  });
  return { ...renderPage(<EditPbPage />, '/edit-pb/:id', '/edit-pb/r9'), fetchMock };
}

describe('EditPbPage', () => {
  it('loads the record into the form and updates it without a new file', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderEdit({
      'GET /v1/pbs/r9': () => ok(run),
      'PUT /v1/pbs': () => ok(run, 'Personal best updated successfully!'),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Personal Best' }),
    ).toBeVisible();
    expect(await screen.findByLabelText('Exercise name')).toHaveValue('5K Run');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Running');
    expect(screen.getByRole('textbox', { name: 'Hours' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Minutes' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Seconds' })).toHaveValue('3');
    // A run has no sets or reps: the old record's reps are not shown, and saving drops them.
    expect(screen.queryByRole('textbox', { name: 'Reps' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Sets' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Date achieved')).toHaveValue('2025-05-04');
    expect(screen.getByText('Already uploaded')).toBeVisible();
    expect(screen.queryByText('Tips for Capturing Great PB Moments')).not.toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Minutes' }));
    await user.type(screen.getByRole('textbox', { name: 'Minutes' }), '0');
    await user.click(screen.getByRole('button', { name: 'Update Personal Best' }));

    expect(await screen.findByText('Personal best updated successfully!')).toBeVisible();
    expect(jsonBodyOf(callsTo(fetchMock, 'PUT /v1/pbs')[0])).toEqual({
      id: 'r9',
      title: '5K Run',
      category: 'Running',
      amount: '3603',
      unit: 'duration',
      date: '2025-05-04',
      sets: '',
      reps: '',
      story: 'Long day.',
    });
    // Back to the profile with the edited card open.
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile?open=ex-1');
  });

  it('edits a history entry without asking, and returns to its card', async () => {
    const user = userEvent.setup();
    // An older, slower run of an exercise whose best is 20:00: an edit is never questioned.
    const older = pbWith({
      ...run,
      id: 'h1',
      exerciseId: 'ex-7',
      amount: 1500,
      personalBestHistory: [historyRecord({ id: 'r9', amount: 1200, unit: 'duration' })],
    });
    const { fetchMock } = renderEdit({
      'GET /v1/pbs': () => ok([pbWith({ ...run, exerciseId: 'ex-7', amount: 1200 })]),
      'GET /v1/pbs/r9': () => ok({ ...older, id: 'r9' }),
      'PUT /v1/pbs': () => ok(older, 'Personal best updated successfully!'),
    });
    await user.clear(await screen.findByRole('textbox', { name: 'Minutes' }));
    await user.type(screen.getByRole('textbox', { name: 'Minutes' }), '30');
    await user.click(screen.getByRole('button', { name: 'Update Personal Best' }));
    expect(await screen.findByText('Personal best updated successfully!')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /v1/pbs')).toHaveLength(1);
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile?open=ex-7');
  });

  it('goes back to the profile with a toast for an unknown record', async () => {
    renderEdit({
      'GET /v1/pbs/r9': () =>
        fail(404, 'NOT_FOUND', "The personal best you're trying to edit could not be found."),
    });
    expect(await screen.findByText('Personal Best not found')).toBeVisible();
    expect(
      screen.getByText("The personal best you're trying to edit could not be found."),
    ).toBeVisible();
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
  });
});
