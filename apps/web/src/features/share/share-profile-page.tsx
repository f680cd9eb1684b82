import type { PersonalBest } from '@pbshare/shared';
import { AlertCircle, ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth';
import { usePersonalBests, useSetVisibility, NoPbsYet, PbsLoading } from '@/features/pbs';
import { storyOwnerName, StoryViewer } from '@/features/story-viewer';
import { NoSelectionDialog } from './components/no-selection-dialog';
import { PbSelectionList } from './components/pb-selection-list';
import { QrCodeCard } from './components/qr-code-card';
import { ShareLinkCard } from './components/share-link-card';
import { profileLink } from './profile-link';

/**
 * /share-profile (docs/PRODUCT.md §2): the public link with copy, QR code and native share; the
 * PBs to show on the public page (a toggle saves at once); and a preview of exactly what
 * visitors will see.
 */
export function ShareProfilePage() {
  useDocumentTitle(pageTitle('Share Profile'));
  const { user } = useAuth();
  const pbs = usePersonalBests();
  const setVisibility = useSetVisibility();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [noSelectionOpen, setNoSelectionOpen] = useState(false);

  const link = profileLink(user?.displayName);
  const ownerName = storyOwnerName({ displayName: user?.displayName, email: user?.email });
  const list = pbs.data ?? [];
  const selected = list.filter((pb) => pb.isVisible);

  function toggle(pb: PersonalBest) {
    setVisibility.mutate(
      { id: pb.id, isVisible: !pb.isVisible },
      {
        onError: (error) => {
          toast.error('Could not update visibility', { description: error.message });
        },
      },
    );
  }

  function openPreview() {
    if (selected.length === 0) setNoSelectionOpen(true);
    else setPreviewOpen(true);
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-20 sm:px-6 sm:pt-10">
      <Link
        to="/profile"
        className="-ml-1 inline-flex items-center gap-1.5 rounded-lg px-1 py-1 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Profile
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Share Profile</h1>
      <p className="mt-1.5 text-muted-foreground text-pretty">
        Pick the personal bests visitors see, preview them as a story, then share your link.
      </p>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
        <div className="lg:col-start-2 lg:row-start-1">
          <ShareLinkCard
            link={link}
            name={ownerName}
            onPreview={openPreview}
            previewDisabled={pbs.isPending}
          />
        </div>

        <section
          aria-labelledby="share-pbs-heading"
          className="lg:col-start-1 lg:row-span-2 lg:row-start-1"
        >
          <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
            <h2 id="share-pbs-heading" className="text-lg font-semibold tracking-tight">
              Choose what to share
            </h2>
            {list.length > 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="share-selected-count">
                {`${selected.length} of ${list.length} shown on your page`}
              </p>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            Tap a personal best to show or hide it. Changes are saved at once.
          </p>
          <div className="mt-4">
            {pbs.isPending ? (
              <PbsLoading />
            ) : pbs.isError ? (
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <AlertTitle>Failed to load personal bests</AlertTitle>
                <AlertDescription>
                  <p>{pbs.error.message}</p>
                  <Button
                    variant="outline"
                    size="sm"
                    className="mt-3"
                    onClick={() => {
                      void pbs.refetch();
                    }}
                  >
                    Try again
                  </Button>
                </AlertDescription>
              </Alert>
            ) : list.length === 0 ? (
              <NoPbsYet description="You don't have any personal bests to share yet." />
            ) : (
              <PbSelectionList pbs={list} onToggle={toggle} />
            )}
          </div>
        </section>

        <div className="lg:col-start-2 lg:row-start-2">
          <QrCodeCard link={link} name={ownerName} />
        </div>
      </div>

      <StoryViewer
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        pbs={selected}
        owner={{ name: ownerName, avatarUrl: user?.profileImage ?? null }}
      />
      <NoSelectionDialog open={noSelectionOpen} onOpenChange={setNoSelectionOpen} />
    </div>
  );
}
