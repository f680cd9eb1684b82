import { Download } from 'lucide-react';

import { Button } from '@/components/ui/button';
import type { useDownloadMyData } from '../api/download-my-data';

/** Starts 'Download my data' (docs/PRODUCT.md §11) and says so while the archive is made. */
export function DownloadButton({
  download,
  label,
}: {
  download: ReturnType<typeof useDownloadMyData>;
  label: string;
}) {
  return (
    <Button
      variant="outline"
      className="w-full sm:w-auto sm:justify-self-start"
      disabled={download.isPending}
      onClick={() => {
        download.mutate();
      }}
    >
      <Download aria-hidden="true" />
      {download.isPending ? 'Preparing your download...' : label}
    </Button>
  );
}
