import { PRODUCT_NAME } from '@pbshare/shared';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { StoryViewer } from '@/features/story-viewer';
import { usePublicProfile } from './api/get-public-profile';
import { EndScreen } from './components/end-screen';
import { ProfileNotFound } from './components/profile-not-found';

/**
 * /{username}: a person's visible PBs as a full-screen story (docs/PRODUCT.md §2). Loading, then
 * either Profile Not Found or the viewer; the end of the story, closing the viewer or the
 * browser's Back shows the end screen. /{username}/{pbId} is the same page with the story opened
 * at that PB. This page lives outside the site layout (no top bar) and imports nothing of the
 * signed-in app.
 */
export function PublicProfilePage() {
  const { username = '', pbId } = useParams();
  const profile = usePublicProfile(username);
  const [viewerOpen, setViewerOpen] = useState(true);
  // 'Watch again' plays the whole story, from the first PB, whatever the link pointed at.
  const [replayed, setReplayed] = useState(false);
  const endHeadingRef = useRef<HTMLHeadingElement>(null);

  const data = profile.data;
  const title =
    data === undefined
      ? PRODUCT_NAME
      : data === null
        ? pageTitle('Profile Not Found')
        : `${data.user.displayName} Personal Bests`;
  useDocumentTitle(title);

  const { error } = profile;
  useEffect(() => {
    // docs/PRODUCT.md §8: a failed load is logged and shown as Profile Not Found.
    if (error) console.error('Could not load the public profile', error);
  }, [error]);

  if (data === undefined && !profile.isError) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-ink">
        <Spinner size="lg" label="Loading profile" className="text-white" />
      </main>
    );
  }

  if (!data) {
    return (
      <main className="flex min-h-dvh flex-col">
        <ProfileNotFound />
      </main>
    );
  }

  const { user, pbs } = data;
  const hasPbs = pbs.length > 0;
  const startIndex = replayed ? 0 : linkedIndex(pbs, pbId);

  return (
    <main className="flex min-h-dvh flex-col bg-ink">
      {/* Drawn once the viewer is closed, so its entrance plays when it is seen. */}
      {viewerOpen && hasPbs ? null : (
        <EndScreen
          name={user.displayName}
          avatarUrl={user.profileImage}
          bio={user.bio}
          pbCount={pbs.length}
          headingRef={endHeadingRef}
          onReplay={
            hasPbs
              ? () => {
                  setReplayed(true);
                  setViewerOpen(true);
                }
              : undefined
          }
        />
      )}
      {hasPbs ? (
        <StoryViewer
          open={viewerOpen}
          onOpenChange={setViewerOpen}
          onFinish={() => {
            setViewerOpen(false);
          }}
          pbs={pbs}
          initialIndex={startIndex}
          owner={{ name: user.displayName, avatarUrl: user.profileImage }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            endHeadingRef.current?.focus();
          }}
        />
      ) : null}
    </main>
  );
}

/**
 * Where a link to one PB starts the story. A PB that is no longer shown (hidden, deleted, or
 * replaced by a newer record) is not an error a visitor can act on: the story starts at the
 * first PB, as on /{username}.
 */
function linkedIndex(pbs: readonly { id: string }[], pbId: string | undefined): number {
  if (pbId === undefined) return 0;
  return Math.max(
    0,
    pbs.findIndex((pb) => pb.id === pbId),
  );
}
