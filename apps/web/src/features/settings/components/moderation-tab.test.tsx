import { ACCESS_TOKEN_STORAGE_KEY, MODERATION_MESSAGES, type OwnerDecision } from '@pbshare/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  callsTo,
  fail,
  inTurn,
  ok,
  sentTo,
  stubApi,
  testUser,
  type StubHandler,
} from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { SettingsPage } from '../settings-page';

const hidden: OwnerDecision = {
  id: 'act-2',
  action: 'hide-pb',
  reason: 'Someone else is in the photo',
  at: '2026-03-14T10:00:00.000Z',
  pbTitle: 'Deadlift',
  appeal: null,
};
const suspended: OwnerDecision = {
  id: 'act-1',
  action: 'suspend',
  reason: 'Spam',
  at: '2026-03-12T10:00:00.000Z',
  pbTitle: null,
  appeal: { status: 'open', createdAt: '2026-03-13T10:00:00.000Z' },
};

function renderTab(decisions: StubHandler, handlers: Record<string, StubHandler> = {}) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/moderation/decisions': decisions,
    ...handlers,
  });
  renderPage(<SettingsPage />, '/profile/settings', '/profile/settings?tab=moderation');
  return requests;
}

describe('Settings → Moderation', () => {
  it('lists the decisions with their reason and date, an appealed one saying so', async () => {
    renderTab(() => ok({ decisions: [hidden, suspended] }));
    expect(await screen.findByRole('tab', { name: 'Moderation', selected: true })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Decisions' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('Two decisions expected');
    expect(first).toHaveTextContent('PB hidden: Deadlift');
    expect(first).toHaveTextContent('March 14, 2026');
    expect(first).toHaveTextContent('Reason: Someone else is in the photo');
    expect(
      within(first).getByRole('button', { name: 'Appeal: PB hidden: Deadlift' }),
    ).toBeVisible();
    expect(second).toHaveTextContent('Profile suspended');
    expect(within(second).getByText('Appeal sent')).toBeVisible();
    expect(within(second).queryByRole('button')).toBeNull();
  });

  it('says when there is none', async () => {
    renderTab(() => ok({ decisions: [] }));
    expect(await screen.findByText('No decisions about your account.')).toBeVisible();
  });

  it('sends an appeal with its message, says so and shows the decision appealed', async () => {
    const user = userEvent.setup();
    const requests = renderTab(
      inTurn(
        ok({ decisions: [hidden] }),
        ok({
          decisions: [{ ...hidden, appeal: { status: 'open', createdAt: '2026-03-15T10:00:00Z' } }],
        }),
      ),
      {
        'POST /v1/moderation/appeals': () => ok(null, MODERATION_MESSAGES.appealSent, 201),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Appeal: PB hidden: Deadlift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    expect(dialog).toHaveTextContent('PB hidden: Deadlift. Reason: Someone else is in the photo');

    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say why');
    expect(callsTo(requests, 'POST /v1/moderation/appeals')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Why should we look again?'), 'That is me.');
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect((await sentTo(requests, 'POST /v1/moderation/appeals')).body).toEqual({
      actionId: 'act-2',
      message: 'That is me.',
    });
    expect(await screen.findByText(MODERATION_MESSAGES.appealSent)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Appeal sent')).toBeVisible();
  });

  it('shows a second appeal refused on the message', async () => {
    const user = userEvent.setup();
    renderTab(() => ok({ decisions: [hidden] }), {
      'POST /v1/moderation/appeals': () =>
        fail(409, 'CONFLICT', MODERATION_MESSAGES.alreadyAppealed),
    });
    await user.click(await screen.findByRole('button', { name: 'Appeal: PB hidden: Deadlift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    await user.type(within(dialog).getByLabelText('Why should we look again?'), 'Again.');
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.alreadyAppealed,
    );
  });
});
