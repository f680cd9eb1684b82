import { PRODUCT_NAME } from '@pbshare/shared';
import { Download } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { saveBlob } from '../api/download-my-data';

/** The ten recovery codes, shown once right after setup, with a download of them as text. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const text = `${PRODUCT_NAME} recovery codes\nEach code signs you in once if you lose your authenticator app.\n\n${codes.join('\n')}\n`;
    saveBlob({
      blob: new Blob([text], { type: 'text/plain' }),
      fileName: 'pbshare-recovery-codes.txt',
    });
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone.
        They will not be shown again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-2xl bg-muted p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download codes
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}
