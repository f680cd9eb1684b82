import type { ReportReason } from '@pbshare/shared';

import { createApiClient, isApiError } from '@/lib/api-client';

/** Said when no answer came, in place of the client's general connection message. */
export const REPORT_OFFLINE_MESSAGE =
  'Could not send the report. Check your connection and try again.';

/** The form's fields the server may name in a refusal. */
export type ReportField = 'reason' | 'note' | 'email';
const REPORT_FIELDS: readonly string[] = ['reason', 'note', 'email'] satisfies ReportField[];

/** The body of POST /v1/reports (reportInputSchema, typed here without its zod code). */
export interface ReportBody {
  username: string;
  pbId?: string;
  reason: ReportReason;
  note: string;
  email?: string;
}

export type ReportAnswer =
  { sent: true } | { sent: false; message: string; fields: Partial<Record<ReportField, string>> };

/**
 * The client's session handling stays out: a signed-in visitor's token is sent as it is, and one
 * the server no longer takes just makes the report a signed-out one (it then asks for an e-mail).
 */
const publicApi = createApiClient();

/**
 * POST /v1/reports, open to anyone (moderation.ts in @pbshare/shared): as the account of
 * `accessToken` when one is given. A refusal comes back as an answer, with the server's message
 * and the fields it names, and so does a lost connection.
 */
export async function sendReport(
  body: ReportBody,
  accessToken: string | null,
): Promise<ReportAnswer> {
  try {
    await publicApi.post('/reports', body, {
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined,
    });
    return { sent: true };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 0) return { sent: false, message: REPORT_OFFLINE_MESSAGE, fields: {} };
    const fields: Partial<Record<ReportField, string>> = {};
    for (const issue of error.issues) {
      if (REPORT_FIELDS.includes(issue.field)) fields[issue.field as ReportField] ??= issue.message;
    }
    return { sent: false, message: error.message, fields };
  }
}
