import { MODERATION_MESSAGES, REPORT_REASON_LABELS, REPORT_REASONS } from '@pbshare/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import {
  callsTo,
  fail,
  jsonBodyOf,
  networkError,
  ok,
  sentTo,
  stubApi,
  type StubHandler,
} from '@/test/api-stub';
import { ReportDialog } from './report-dialog';
import { storeLiveToken, withShowModal } from './report-test-helpers';
import type { ReportSubject } from './use-report-launcher';

withShowModal();

const REPORTS = 'POST /v1/reports';
const thanks = () => ok(null, MODERATION_MESSAGES.reportThanks, 201);

function openDialog(answer: StubHandler = thanks, subject: ReportSubject = {}) {
  const requests = stubApi({ [REPORTS]: answer });
  const onClose = vi.fn();
  render(<ReportDialog username="ada" subject={subject} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Report' });
  return { requests, onClose, dialog, user: userEvent.setup() };
}

const send = () => screen.getByRole('button', { name: 'Send report' });

describe('the report form', () => {
  it('lists every reason, and sends nothing until one is picked', async () => {
    const { requests, dialog, user } = openDialog();
    const reasons = within(dialog).getAllByRole('radio');
    expect(reasons.map((radio) => radio.getAttribute('value'))).toEqual([...REPORT_REASONS]);
    for (const reason of REPORT_REASONS) {
      expect(
        within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS[reason] }),
      ).toBeVisible();
    }
    await user.type(screen.getByLabelText('Your e-mail, for our answer'), 'eve@example.com');

    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a reason');
    expect(reasons[0]).toHaveFocus();
    expect(callsTo(requests, REPORTS)).toEqual([]);

    await user.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a signed-out visitor for an e-mail, then sends the report and thanks them', async () => {
    const { requests, onClose, user } = openDialog(thanks, {
      pb: { id: 'pb-2', title: 'Deadlift' },
    });
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      "About Deadlift on ada's page. They won't learn who reported it.",
    );
    await user.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS['not-theirs'] }));
    await user.type(screen.getByLabelText('Anything we should know? (optional)'), ' My photo. ');

    await user.click(send());
    const email = screen.getByLabelText('Your e-mail, for our answer');
    expect(await screen.findByRole('alert')).toHaveTextContent(MODERATION_MESSAGES.emailForAnswer);
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(requests, REPORTS)).toEqual([]);

    await user.type(email, 'eve@example.com');
    await user.click(send());
    const sent = await sentTo(requests, REPORTS);
    expect(jsonBodyOf(sent)).toEqual({
      username: 'ada',
      pbId: 'pb-2',
      reason: 'not-theirs',
      note: 'My photo.',
      email: 'eve@example.com',
    });
    expect(sent.headers.get('authorization')).toBeNull();

    expect(await screen.findByRole('status')).toHaveTextContent("Thanks, we'll review it");
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sends a signed-in visitor’s token and asks no e-mail', async () => {
    const token = storeLiveToken();
    const { requests, user } = openDialog();
    expect(screen.queryByLabelText('Your e-mail, for our answer')).toBeNull();
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      "About ada's profile. They won't learn who reported it.",
    );

    await user.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS.harassment }));
    await user.click(send());
    const sent = await sentTo(requests, REPORTS);
    expect(jsonBodyOf(sent)).toEqual({ username: 'ada', reason: 'harassment', note: '' });
    expect(sent.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(await screen.findByRole('status')).toHaveTextContent(MODERATION_MESSAGES.reportThanks);
  });

  it('asks for an e-mail after all when the server takes the token for no session', async () => {
    storeLiveToken();
    const { requests, user } = openDialog(() =>
      fail(400, 'VALIDATION_ERROR', MODERATION_MESSAGES.emailForAnswer, [
        { field: 'email', message: MODERATION_MESSAGES.emailForAnswer },
      ]),
    );
    await user.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    await user.click(send());
    await sentTo(requests, REPORTS);

    const email = await screen.findByLabelText('Your e-mail, for our answer');
    expect(screen.getByRole('alert')).toHaveTextContent(MODERATION_MESSAGES.emailForAnswer);
    stubApi({ [REPORTS]: thanks });
    await user.type(email, 'eve@example.com');
    await user.click(send());
    expect(await screen.findByRole('status')).toHaveTextContent(MODERATION_MESSAGES.reportThanks);
  });

  it("shows the server's word on a refusal, a limit reached included", async () => {
    const { user } = openDialog(() =>
      fail(429, 'RATE_LIMITED', 'Too many reports. Try again in an hour.'),
    );
    await user.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS.other }));
    await user.type(screen.getByLabelText('Your e-mail, for our answer'), 'eve@example.com');
    await user.click(send());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reports. Try again in an hour.',
    );
    // The form stays, as filled, to try again later.
    expect(screen.getByRole('radio', { name: REPORT_REASON_LABELS.other })).toBeChecked();
    expect(send()).toBeEnabled();
  });

  it('says so when the report could not go out', async () => {
    const { user } = openDialog(() => networkError());
    await user.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS.violence }));
    await user.type(screen.getByLabelText('Your e-mail, for our answer'), 'eve@example.com');
    await user.click(send());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not send the report. Check your connection and try again.',
    );
  });

  it('keeps its keys from the page under it, and Cancel or Escape close it', async () => {
    const { onClose, dialog, user } = openDialog();
    const pageKeys = vi.fn();
    document.addEventListener('keydown', pageKeys);
    try {
      await user.type(
        screen.getByLabelText('Anything we should know? (optional)'),
        'a b{ArrowLeft}',
      );
      expect(pageKeys).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('keydown', pageKeys);
    }

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // Escape: the browser asks the dialog with `cancel`, and it goes at once.
    const escape = new Event('cancel', { cancelable: true });
    fireEvent(dialog, escape);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(escape.defaultPrevented).toBe(true);
  });
});
