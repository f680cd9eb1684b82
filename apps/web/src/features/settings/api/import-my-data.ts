import { dataImportStatusSchema, type DataImportStatus } from '@pbshare/shared';
import { useMutation } from '@tanstack/react-query';

import { uploadWithProgress, type UploadResult } from '@/lib/upload-with-progress';

export interface ImportMyDataInput {
  file: File;
  onProgress?: (percent: number) => void;
}

/**
 * POST /users/import: the archive in a part named `file`, with upload progress. The server
 * checks it and answers 202 with the queued import; `useImportStatus` follows it from there.
 */
export function importMyData({
  file,
  onProgress,
}: ImportMyDataInput): Promise<UploadResult<DataImportStatus>> {
  const form = new FormData();
  form.set('file', file, file.name);
  return uploadWithProgress('/users/import', form, {
    ...(onProgress && { onProgress }),
    parse: (data) => dataImportStatusSchema.parse(data),
  });
}

export function useImportMyData() {
  return useMutation({ mutationFn: importMyData });
}
