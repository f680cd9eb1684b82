import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, fail, jsonBodyOf, ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { EditPbPage } from './edit-pb-page';
import { pbWith } from '@/test/fixtures/personal-bests';

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
    expect(screen.getByRole('textbox', { name: 'Reps' })).toHaveValue('3');
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
      reps: '3',
      story: 'Long day.',
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
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
