import { Check, Copy, ExternalLink, Link2, Play, Share2, UserPen } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ProfileLink } from '../profile-link';
import { useCopyLink } from '../use-copy-link';
import { isDomError } from '@/lib/dom-error';

export interface ShareLinkCardProps {
  link: ProfileLink | null;
  /** The name for the native share sheet's title. */
  name: string;
  onPreview: () => void;
  /** While the PBs load there is nothing to preview yet. */
  previewDisabled?: boolean;
}

/** Native sharing exists on phones and some desktops; the button is shown only there. */
function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** 'Your Shareable Link': the link, Copy Link, Preview and, where the device has it, Share. */
export function ShareLinkCard({ link, name, onPreview, previewDisabled }: ShareLinkCardProps) {
  const { copied, copy } = useCopyLink(link?.url);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Shareable Link</CardTitle>
        <CardDescription>Anyone with this link sees the personal bests you select.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {link ? (
          <a
            href={link.url}
            target="_blank"
            rel="noreferrer"
            data-testid="share-link"
            className="group flex min-w-0 items-center gap-2.5 rounded-xl border border-border bg-muted px-3.5 py-3 text-sm font-medium transition-colors hover:border-input hover:bg-secondary"
          >
            <Link2 className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate">{link.display}</span>
            <ExternalLink
              className="size-4 shrink-0 text-muted-foreground transition-colors group-hover:text-foreground"
              aria-hidden="true"
            />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <div className="grid gap-3 rounded-xl border border-dashed border-input bg-muted px-4 py-4 text-sm">
            <p className="text-muted-foreground">Set a display name to generate your link</p>
            <Button asChild variant="outline" size="sm" className="justify-self-start">
              <Link to="/profile/settings">
                <UserPen aria-hidden="true" />
                Set display name
              </Link>
            </Button>
          </div>
        )}

        <div className="grid grid-cols-2 gap-2.5">
          <Button
            variant="outline"
            onClick={() => {
              void copy();
            }}
            aria-live="polite"
          >
            {copied ? (
              <Check className="text-success" aria-hidden="true" />
            ) : (
              <Copy aria-hidden="true" />
            )}
            {copied ? 'Copied!' : 'Copy Link'}
          </Button>
          <Button onClick={onPreview} disabled={previewDisabled}>
            <Play aria-hidden="true" />
            Preview
          </Button>
          {link && canShareNatively() ? (
            <Button
              variant="secondary"
              className="col-span-2"
              onClick={() => {
                navigator
                  .share({ title: `${name} Personal Bests`, url: link.url })
                  .catch((error: unknown) => {
                    // Closing the share sheet is not an error worth telling anyone about.
                    if (!isDomError(error, 'AbortError')) {
                      console.error('Sharing failed', error);
                    }
                  });
              }}
            >
              <Share2 aria-hidden="true" />
              Share
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
