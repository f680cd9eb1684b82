import type { PublicProfile } from '@pbshare/shared';
import { useEffect, useRef, useState } from 'react';

import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { StoryPage } from '@/features/story-viewer';
import { EndScreen } from './components/end-screen';
import { ProfileNotFound } from './components/profile-not-found';

export interface PublicProfileViewProps {
  /** The person's visible PBs, or null when there is no such person. */
  profile: PublicProfile | null;
  /** The PB a link to one PB (/{username}/{pbId}) opens the story at. */
  pbId?: string | undefined;
}

/**
 * What /{username} shows once its data is known: Profile Not Found, or the story, whose end (or
 * closing, or the browser's Back) shows the end screen (docs/PRODUCT.md §2). It needs no router
 * and no query client: the server renders it to HTML with the same props the page's lean entry
 * hydrates it with (entries/public.tsx), and the app's route wraps it for in-app visits.
 */
export function PublicProfileView({ profile, pbId }: PublicProfileViewProps) {
  const [viewerOpen, setViewerOpen] = useState(true);
  // Where the story starts: the linked PB at first; 'Watch again' plays the whole story from the
  // first PB, whatever the link pointed at, and a PB picked on the end screen plays from there.
  const [startIndex, setStartIndex] = useState(() => linkedIndex(profile?.pbs ?? [], pbId));
  const endHeadingRef = useRef<HTMLHeadingElement>(null);
  // Closing the story hands focus to the end screen's heading, where reading goes on.
  const wasOpen = useRef(viewerOpen);
  useEffect(() => {
    if (wasOpen.current && !viewerOpen) endHeadingRef.current?.focus();
    wasOpen.current = viewerOpen;
  }, [viewerOpen]);

  useDocumentTitle(
    profile ? `${profile.user.displayName} Personal Bests` : pageTitle('Profile Not Found'),
  );

  if (!profile) {
    return (
      <main className="flex min-h-dvh flex-col">
        <ProfileNotFound />
      </main>
    );
  }

  const { user, pbs } = profile;
  const hasPbs = pbs.length > 0;
  const openAt = (index: number) => {
    setStartIndex(index);
    setViewerOpen(true);
  };

  return (
    <main className="flex min-h-dvh flex-col bg-ink">
      {/* Drawn once the viewer is closed, so its entrance plays when it is seen. */}
      {viewerOpen && hasPbs ? null : (
        <EndScreen
          name={user.displayName}
          avatarUrl={user.profileImage}
          bio={user.bio}
          pbs={pbs}
          headingRef={endHeadingRef}
          onOpenAt={hasPbs ? openAt : undefined}
          onReplay={
            hasPbs
              ? () => {
                  openAt(0);
                }
              : undefined
          }
        />
      )}
      {hasPbs ? (
        <StoryPage
          open={viewerOpen}
          onOpenChange={setViewerOpen}
          onFinish={() => {
            setViewerOpen(false);
          }}
          pbs={pbs}
          initialIndex={startIndex}
          owner={{ name: user.displayName, avatarUrl: user.profileImage }}
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
