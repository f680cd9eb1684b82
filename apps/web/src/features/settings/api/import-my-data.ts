import { dataImportResultSchema, type DataImportResult } from '@pbshare/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { uploadWithProgress, type UploadResult } from '@/lib/upload-with-progress';

export interface ImportMyDataInput {
  file: File;
  onProgress?: (percent: number) => void;
}

/** POST /users/import: the archive in a part named `file`, with upload progress. */
export function importMyData({
  file,
  onProgress,
}: ImportMyDataInput): Promise<UploadResult<DataImportResult>> {
  const form = new FormData();
  form.set('file', file, file.name);
  return uploadWithProgress('/users/import', form, {
    ...(onProgress && { onProgress }),
    parse: (data) => dataImportResultSchema.parse(data),
  });
}

export function useImportMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importMyData,
    // An import changes the profile (bio, avatar), the PBs and the plan's usage: all of it.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
