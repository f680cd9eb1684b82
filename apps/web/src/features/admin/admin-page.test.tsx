import {
  ACCESS_TOKEN_STORAGE_KEY,
  MODERATION_MESSAGES,
  type ModerationQueue,
} from '@pbshare/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { routes } from '@/app/router';
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
import { renderRoutes } from '@/test/render';
import { appeal, auditEntry, pbItem, profileItem, videoItem } from './test/queue-fixtures';

const queue: ModerationQueue = { items: [pbItem, profileItem], appeals: [appeal] };

function renderAdmin(handlers: Record<string, StubHandler> = {}, url = '/admin') {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/admin/queue': () => ok(queue),
    ...handlers,
  });
  const result = renderRoutes(routes, url);
  return { ...result, requests };
}

async function reportOf(name: string) {
  return screen.findByRole('article', { name });
}

describe('AdminPage', () => {
  it('shows the normal not-found page to someone who is not an admin', async () => {
    renderAdmin({
      'GET /v1/admin/queue': () => fail(404, 'NOT_FOUND', 'Not found'),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeVisible();
    expect(screen.queryByText('Moderation')).not.toBeInTheDocument();
    expect(document.title).toBe('Page not found · PBShare');
  });

  it('lists the open reports with what was reported, in force and done before', async () => {
    renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Reports 2', selected: true })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Appeals 1' })).toBeVisible();

    const report = await reportOf('Deadlift by @bob');
    const profile = within(report).getByRole('link', { name: '@bob (opens in a new tab)' });
    expect(profile).toHaveAttribute('href', '/bob');
    expect(profile).toHaveAttribute('target', '_blank');
    expect(within(report).getByRole('img', { name: 'Deadlift' })).toHaveAttribute(
      'src',
      '/media/ex-1/card.webp',
    );
    expect(within(report).getByText('Nudity or sexual content')).toBeVisible();
    expect(within(report).getByText('Spam or a fake profile')).toBeVisible();
    expect(within(report).getByText('3 reports')).toBeVisible();
    expect(report).toHaveTextContent(
      /Total: 3 · first reported Mar 1[12], 2026, .+, last reported Mar 1[45], 2026/,
    );
    expect(within(report).getByText('Look at the background')).toBeVisible();
    expect(within(report).getByText('Dismissed reports of the profile')).toBeVisible();
    expect(within(report).getByText('Fine')).toBeVisible();
    expect(
      within(report)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Dismiss', 'Hide PB', 'Suspend profile', 'Delete PB']);

    const suspended = await reportOf('Profile @carol');
    expect(suspended).toHaveTextContent(/Profile suspended Mar 11, 2026, .+: Fake profile/);
    expect(within(suspended).getByText('No earlier actions.')).toBeVisible();
    expect(
      within(suspended)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Dismiss', 'Restore', 'Delete profile']);
  });

  it('plays a reported video in place', async () => {
    renderAdmin({ 'GET /v1/admin/queue': () => ok({ items: [videoItem], appeals: [] }) });
    const report = await reportOf('Sprint by @bob');
    const video = within(report).getByLabelText('Video of Sprint');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('src', '/media/ex-2/video.mp4');
    expect(video).toHaveAttribute('poster', '/media/ex-2/poster.webp');
  });

  it('asks for the reason, sends the action with it, says it is recorded and reads the queue again', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdmin({
      'GET /v1/admin/queue': inTurn(ok(queue), ok({ items: [profileItem], appeals: [appeal] })),
      'POST /v1/admin/actions': () =>
        ok({ entry: auditEntry({ id: 'act-9' }) }, MODERATION_MESSAGES.actionDone),
    });
    await user.click(
      within(await reportOf('Deadlift by @bob')).getByRole('button', { name: 'Hide PB' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Hide Deadlift?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide PB' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.reasonRequired,
    );
    expect(callsTo(requests, 'POST /v1/admin/actions')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Nudity in the background');
    await user.click(within(dialog).getByRole('button', { name: 'Hide PB' }));

    expect((await sentTo(requests, 'POST /v1/admin/actions')).body).toEqual({
      action: 'hide-pb',
      userId: 'u2',
      exerciseId: 'ex-1',
      reason: 'Nudity in the background',
    });
    expect(await screen.findByText(MODERATION_MESSAGES.actionDone)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Reports 1' })).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Deadlift by @bob' })).not.toBeInTheDocument();
  });

  it('deletes only once the username is typed out', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdmin({
      'POST /v1/admin/actions': () => ok({ entry: auditEntry({ action: 'delete' }) }),
    });
    await user.click(
      within(await reportOf('Profile @carol')).getByRole('button', { name: 'Delete profile' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete @carol?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'A fake profile');
    await user.type(within(dialog).getByLabelText('Type carol to confirm'), 'carl');
    await user.click(within(dialog).getByRole('button', { name: 'Delete profile' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Type carol to confirm');
    expect(callsTo(requests, 'POST /v1/admin/actions')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Type carol to confirm'));
    await user.type(within(dialog).getByLabelText('Type carol to confirm'), 'carol');
    await user.click(within(dialog).getByRole('button', { name: 'Delete profile' }));
    expect((await sentTo(requests, 'POST /v1/admin/actions')).body).toEqual({
      action: 'delete',
      userId: 'u3',
      reason: 'A fake profile',
    });
  });

  it('shows a refused action and keeps the dialog open', async () => {
    const user = userEvent.setup();
    renderAdmin({
      'POST /v1/admin/actions': () =>
        fail(400, 'VALIDATION_ERROR', 'Validation failed', [
          { field: 'reason', message: MODERATION_MESSAGES.reasonRequired },
        ]),
    });
    await user.click(
      within(await reportOf('Deadlift by @bob')).getByRole('button', { name: 'Dismiss' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss these reports?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.reasonRequired,
    );
  });

  describe('appeals', () => {
    it('shows the appellant, the message and the decision appealed', async () => {
      const user = userEvent.setup();
      renderAdmin();
      await user.click(await screen.findByRole('tab', { name: 'Appeals 1' }));
      const item = screen.getByRole('article', { name: 'Appeal from @bob' });
      expect(within(item).getByRole('link', { name: '@bob (opens in a new tab)' })).toHaveAttribute(
        'href',
        '/bob',
      );
      expect(within(item).getByText('That is me in the video.')).toBeVisible();
      expect(within(item).getByText('Hid a PB')).toBeVisible();
      expect(within(item).getByText('Not his video')).toBeVisible();
      expect(within(item).getByText(/^mod@example\.com ·/)).toBeVisible();
    });

    it('keeps the decision with a reason, closing the appeal', async () => {
      const user = userEvent.setup();
      const { requests, router } = renderAdmin(
        { 'POST /v1/admin/actions': () => ok({ entry: auditEntry({ action: 'dismiss' }) }) },
        '/admin?tab=appeals',
      );
      const item = await screen.findByRole('article', { name: 'Appeal from @bob' });
      expect(router.state.location.search).toBe('?tab=appeals');
      await user.click(within(item).getByRole('button', { name: 'Keep the decision' }));
      const dialog = await screen.findByRole('dialog', { name: 'Keep the decision?' });
      await user.type(within(dialog).getByLabelText('Reason'), 'The video is not yours');
      await user.click(within(dialog).getByRole('button', { name: 'Keep the decision' }));
      expect((await sentTo(requests, 'POST /v1/admin/actions')).body).toEqual({
        action: 'dismiss',
        userId: 'u2',
        exerciseId: 'ex-9',
        appealId: 'ap-1',
        reason: 'The video is not yours',
      });
    });

    it('restores what the decision did', async () => {
      const user = userEvent.setup();
      const { requests } = renderAdmin(
        { 'POST /v1/admin/actions': () => ok({ entry: auditEntry({ action: 'restore' }) }) },
        '/admin?tab=appeals',
      );
      const item = await screen.findByRole('article', { name: 'Appeal from @bob' });
      await user.click(within(item).getByRole('button', { name: 'Restore' }));
      const dialog = await screen.findByRole('dialog', { name: 'Restore the PB?' });
      await user.type(within(dialog).getByLabelText('Reason'), 'It is his');
      await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
      expect((await sentTo(requests, 'POST /v1/admin/actions')).body).toEqual({
        action: 'restore',
        userId: 'u2',
        exerciseId: 'ex-9',
        appealId: 'ap-1',
        reason: 'It is his',
      });
    });
  });

  it('says when nothing is open', async () => {
    const user = userEvent.setup();
    renderAdmin({ 'GET /v1/admin/queue': () => ok({ items: [], appeals: [] }) });
    expect(await screen.findByText('No open reports.')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Appeals 0' }));
    expect(screen.getByText('No open appeals.')).toBeVisible();
  });
});
