import { isApiError } from '@/lib/api-client';
import { isUploadGone } from './answer-rules';

/** Whether a save's refusal is about the upload it named: the video has to go again. */
export function refusesUpload(error: unknown): boolean {
  return isApiError(error) && isUploadGone(error.status, error.code, error.issues.length);
}
