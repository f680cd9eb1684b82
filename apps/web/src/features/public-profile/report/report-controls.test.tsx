import { MODERATION_MESSAGES, REPORT_REASON_LABELS } from '@pbshare/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import {
  callsTo,
  fail,
  jsonBodyOf,
  ok,
  sentTo,
  stubApi,
  testUser,
  type StubRequest,
} from '@/test/api-stub';
import { sampleProfile } from '@/test/fixtures/public-profile';
import { PublicProfileView } from '../public-profile-view';
import { storeLiveToken, withShowModal } from './report-test-helpers';

withShowModal();

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});

const REPORTS = 'POST /v1/reports';
const STORY = { name: "Ada's personal bests" };

/** Ada's page, as the lean entry hydrates it; `signedInAs` answers who a stored token is. */
function openPage(signedInAs: string | null = null): StubRequest[] {
  const requests = stubApi({
    [REPORTS]: () => ok(null, MODERATION_MESSAGES.reportThanks, 201),
    'GET /v1/users/profile': () =>
      signedInAs ? ok({ ...testUser, displayName: signedInAs }) : fail(401, 'UNAUTHORIZED', 'No'),
  });
  render(<PublicProfileView profile={sampleProfile} />);
  return requests;
}

function loadPhoto() {
  fireEvent.load(within(screen.getByTestId('story-slide')).getByRole('img'));
}

async function sendAs(user: ReturnType<typeof userEvent.setup>, email: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Report' });
  await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
  await user.type(within(dialog).getByLabelText('Your e-mail, for our answer'), email);
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  return dialog;
}

describe('Report on the public page', () => {
  it("reports the slide's PB from the story, which waits meanwhile", async () => {
    const user = userEvent.setup();
    const requests = openPage();
    const story = screen.getByRole('dialog', STORY);
    loadPhoto();
    const frame = within(story).getByTestId('story-frame');
    expect(frame).toHaveAttribute('data-playing', 'true');

    const flag = within(story).getByRole('button', { name: 'Report Exercise 1' });
    await user.click(flag);
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    expect(dialog).toHaveAccessibleDescription(
      "About Exercise 1 on Ada's page. They won't learn who reported it.",
    );
    expect(frame).toHaveAttribute('data-playing', 'false');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Report' })).toBeNull();
    expect(flag).toHaveFocus();
    expect(frame).toHaveAttribute('data-playing', 'true');

    await user.click(flag);
    await sendAs(user, 'eve@example.com');
    expect(jsonBodyOf(await sentTo(requests, REPORTS))).toMatchObject({
      username: 'Ada',
      pbId: 'pb-1',
      reason: 'spam',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(MODERATION_MESSAGES.reportThanks);
  });

  it('reports the whole profile from the end screen', async () => {
    const user = userEvent.setup();
    const requests = openPage();
    await user.click(
      within(screen.getByRole('dialog', STORY)).getByRole('button', { name: 'Close' }),
    );

    await user.click(screen.getByRole('button', { name: 'Report this profile' }));
    const dialog = await sendAs(user, 'eve@example.com');
    expect(dialog).toHaveAccessibleDescription(
      "About Ada's profile. They won't learn who reported it.",
    );
    const body = jsonBodyOf(await sentTo(requests, REPORTS));
    expect(body).toMatchObject({ username: 'Ada', reason: 'spam' });
    expect(body).not.toHaveProperty('pbId');
  });

  it('is offered to someone signed in as another person once that is known', async () => {
    storeLiveToken();
    openPage('grace');
    expect(await screen.findByRole('button', { name: 'Report Exercise 1' })).toBeVisible();
  });

  it('is never offered to the owner, not even while the page asks who is looking', async () => {
    storeLiveToken();
    const requests = openPage('ADA');
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
    await waitFor(() => {
      expect(callsTo(requests, 'GET /v1/users/profile')).toHaveLength(1);
    });
    fireEvent.click(
      within(screen.getByRole('dialog', STORY)).getByRole('button', { name: 'Close' }),
    );
    expect(await screen.findByRole('link', { name: 'Edit your PBs' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
  });
});
