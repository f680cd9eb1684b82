import { readEnvelope, settleEnvelope } from '@/lib/api-client';
import { apiClient } from '@/lib/session-api-client';

/**
 * The owner's story image of their PB (GET /v1/pbs/{id}/story.jpg): the public one plus the
 * change it beat the previous best by, so it needs the session, refreshed like any signed-in call.
 */
export function fetchOwnStoryImage(pbId: string): Promise<Response> {
  const path = `/pbs/${encodeURIComponent(pbId)}/story.jpg`;
  return apiClient.withSession(path, async (accessToken) => {
    const response = await fetch(apiClient.url(path), {
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
      credentials: 'include',
    });
    // A refusal is read as the API's envelope, so an expired token is refreshed and tried again.
    if (!response.ok)
      settleEnvelope(response, readEnvelope(response.status, await response.text()));
    return response;
  });
}
