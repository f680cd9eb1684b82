import { useQuery } from '@tanstack/react-query';
import { Download, QrCode } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { downloadUrl } from '../download-file';
import type { ProfileLink } from '../profile-link';

const QR_COLORS = { dark: '#0b0d12', light: '#ffffff' };

/** The QR code of `url` as SVG markup (pure JS, no canvas), loaded with its library on demand. */
async function qrSvg(url: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toString(url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: QR_COLORS,
  });
}

/** A 1024 px PNG of the QR code, for printing or posting. */
async function qrPng(url: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toDataURL(url, {
    width: 1024,
    margin: 2,
    errorCorrectionLevel: 'M',
    color: QR_COLORS,
  });
}

export interface QrCodeCardProps {
  link: ProfileLink | null;
  /** Used in the downloaded file's name. */
  name: string;
}

/** The public link as a QR code, with a download as PNG. */
export function QrCodeCard({ link, name }: QrCodeCardProps) {
  const url = link?.url ?? '';
  const svg = useQuery({
    queryKey: ['share', 'qr-svg', url],
    queryFn: () => qrSvg(url),
    enabled: Boolean(link),
    staleTime: Infinity,
  });
  const [downloading, setDownloading] = useState(false);

  async function onDownload() {
    setDownloading(true);
    try {
      downloadUrl(await qrPng(url), `pbshare-${name}-qr.png`);
    } catch (error) {
      console.error('Could not make the QR code image', error);
      toast.error('Download failed', { description: 'Could not create the QR code image' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>QR Code</CardTitle>
        <CardDescription>Print it on a gym bag or show it from your phone.</CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-4">
        <div className="flex aspect-square w-full max-w-52 items-center justify-center rounded-2xl border border-border bg-white p-3 shadow-xs">
          {!link ? (
            <QrCode className="size-16 text-muted-foreground/40" aria-hidden="true" />
          ) : svg.data ? (
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.data)}`}
              alt={`QR code for ${link.display}`}
              className="size-full [image-rendering:pixelated]"
            />
          ) : (
            <Spinner label="Making the QR code" />
          )}
        </div>
        <Button
          variant="outline"
          className="w-full"
          disabled={!link || downloading}
          onClick={() => {
            void onDownload();
          }}
        >
          <Download aria-hidden="true" />
          Download PNG
        </Button>
      </CardContent>
    </Card>
  );
}
