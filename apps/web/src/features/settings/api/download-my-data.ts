import { dataArchiveFileName } from '@pbshare/shared';
import { useMutation } from '@tanstack/react-query';

import { ApiError, NETWORK_ERROR_MESSAGE, readEnvelope, settleEnvelope } from '@/lib/api-client';
import { apiClient } from '@/lib/session-api-client';

const EXPORT_PATH = '/users/export';

export interface DataArchiveDownload {
  blob: Blob;
  fileName: string;
}

/**
 * GET /users/export with the session's Bearer token (the API authenticates by header, not
 * cookie, so a plain link cannot fetch it), under the same refresh-once rules as every call.
 * The archive arrives as a Blob: the browser keeps it until it is saved.
 */
export function downloadMyData(): Promise<DataArchiveDownload> {
  return apiClient.withSession(EXPORT_PATH, async (accessToken) => {
    let response: Response;
    try {
      response = await fetch(apiClient.url(EXPORT_PATH), {
        headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
        credentials: 'include',
      });
    } catch {
      throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0 });
    }
    if (!response.ok) {
      // An error is an envelope: this throws its ApiError.
      const text = await response.text().catch(() => '');
      settleEnvelope(response, readEnvelope(response.status, text));
      throw new ApiError(NETWORK_ERROR_MESSAGE, { status: response.status });
    }
    try {
      return {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('content-disposition')),
      };
    } catch {
      throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0 });
    }
  });
}

/** The name the server gave the archive, else one of the same form. */
function fileNameOf(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? dataArchiveFileName('my-data', new Date());
}

/** Saves a Blob under `fileName` through an object URL, as a link the user clicked would. */
export function saveBlob({ blob, fileName }: DataArchiveDownload): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the URL by then; revoking at once can cancel it in some browsers.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}

export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      saveBlob(await downloadMyData());
    },
  });
}
