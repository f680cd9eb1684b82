import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { AuditEntry, ModerationActionInput, ReportInput } from '@pbshare/shared';
import type { APIRequestContext } from '@playwright/test';

import { root } from '../../scripts/lib/built-server.mjs';
import { apiSignIn, createVerifiedAccount, type TestAccount } from './accounts.js';
import { expect } from './fixtures.js';

const run = promisify(execFile);

/**
 * Makes the account with `email` an admin the only way there is: the admin CLI (`npm run admin --
 * grant <email>`), run on the e2e server's throw-away data folder. Its built entry is run itself:
 * `npm run admin` would first rebuild a stale build, under the server these specs are using.
 */
export async function grantAdmin(email: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: global setup did not run');
  await run(process.execPath, [join(root, 'apps/server/dist/admin.js'), 'grant', email], {
    cwd: root,
    // The server under test runs on SQLite in that folder (built-server.mjs): so does the CLI.
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
}

/** A fresh verified account made an admin, with its access token for API calls. */
export async function newAdmin(
  request: APIRequestContext,
): Promise<{ account: TestAccount; token: string }> {
  const account = await createVerifiedAccount(request);
  await grantAdmin(account.email);
  return { account, token: await apiSignIn(request, account) };
}

/** The signed-in account's id, from GET /v1/users/profile. */
export async function userIdOf(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/v1/users/profile', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** A visitor's report through POST /v1/reports (signed out, so with an e-mail for the answer). */
export async function sendReport(
  request: APIRequestContext,
  report: Omit<ReportInput, 'email'>,
): Promise<void> {
  const response = await request.post('/v1/reports', {
    data: { ...report, email: 'visitor@example.com' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** One moderation action through POST /v1/admin/actions, as the queue's buttons send it. */
export async function adminAction(
  request: APIRequestContext,
  token: string,
  input: ModerationActionInput,
): Promise<AuditEntry> {
  const response = await request.post('/v1/admin/actions', {
    headers: { Authorization: `Bearer ${token}` },
    data: input,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { entry: AuditEntry } }).data.entry;
}

/** The owner's appeal of a decision, through POST /v1/moderation/appeals. */
export async function sendAppeal(
  request: APIRequestContext,
  token: string,
  appeal: { actionId: string; message: string },
): Promise<void> {
  const response = await request.post('/v1/moderation/appeals', {
    headers: { Authorization: `Bearer ${token}` },
    data: appeal,
  });
  expect(response.status(), await response.text()).toBe(201);
}
