import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { AUDIT_PAGE_SIZE } from '../api/get-audit-log';
import { auditEntry } from '../test/queue-fixtures';
import { AuditLog } from './audit-log';

/** Entries `from` minutes before noon onwards, newest first. */
function entries(count: number, from = 0) {
  return Array.from({ length: count }, (_, index) => {
    const minute = from + index;
    return auditEntry({
      id: `act-${minute}`,
      at: new Date(Date.UTC(2026, 2, 14, 12, 0) - minute * 60_000).toISOString(),
      reason: `Reason ${minute}`,
    });
  });
}

describe('AuditLog', () => {
  it('shows the newest entries, then older ones before the oldest shown, until none are left', async () => {
    const user = userEvent.setup();
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const first = entries(AUDIT_PAGE_SIZE);
    const older = entries(3, AUDIT_PAGE_SIZE);
    const requests = stubApi({
      'GET /v1/users/profile': () => ok(testUser),
      'GET /v1/admin/audit': ({ url }) =>
        ok({ entries: url.searchParams.get('before') === null ? first : older }),
    });
    renderPage(<AuditLog />, '/admin');

    const log = await screen.findByRole('list', { name: 'Audit log' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(AUDIT_PAGE_SIZE);
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Reason 0');
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Hid a PB @bob');
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('mod@example.com');

    await user.click(screen.getByRole('button', { name: 'Load older' }));
    expect(await within(log).findByText('Reason 52')).toBeVisible();
    expect(within(log).getAllByRole('listitem')).toHaveLength(AUDIT_PAGE_SIZE + 3);
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();

    const [firstCall, olderCall] = callsTo(requests, 'GET /v1/admin/audit');
    expect(firstCall?.url.searchParams.get('before')).toBeNull();
    expect(firstCall?.url.searchParams.get('limit')).toBe(String(AUDIT_PAGE_SIZE));
    expect(olderCall?.url.searchParams.get('before')).toBe(first.at(-1)?.at);
    expect(olderCall?.url.searchParams.get('beforeId')).toBe(first.at(-1)?.id);
  });

  it('says when nothing was done yet', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    stubApi({
      'GET /v1/users/profile': () => ok(testUser),
      'GET /v1/admin/audit': () => ok({ entries: [] }),
    });
    renderPage(<AuditLog />, '/admin');
    expect(await screen.findByText('No actions yet.')).toBeVisible();
  });
});
