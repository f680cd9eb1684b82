import type { PublicProfile } from '@pbshare/shared';
import { useEffect, useRef, useState } from 'react';

import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { StoryPage } from '@/features/story-viewer';
import { EndScreen } from './components/end-screen';
import { PROFILE_UNAVAILABLE_TITLE, ProfileNotFound } from './components/profile-not-found';
import { useReportLauncher } from './report/use-report-launcher';
import { useViewerIsOwner } from './use-viewer-is-owner';

export interface PublicProfileViewProps {
  /** The person's visible PBs, or null when there is no such person. */
  profile: PublicProfile | null;
  /** The PB a link to one PB (/{username}/{pbId}) opens the story at. */
  pbId?: string | undefined;
  /** No profile because moderation suspended it, rather than because nobody has the name. */
  unavailable?: boolean | undefined;
}

/**
 * What /{username} shows once its data is known: Profile Not Found, or the story, whose end (or
 * closing, or the browser's Back) shows the end screen (docs/PRODUCT.md §2). It needs no router
 * and no query client: the server renders it to HTML with the same props the page's lean entry
 * hydrates it with (entries/public.tsx), and the app's route wraps it for in-app visits.
 */
export function PublicProfileView({ profile, pbId, unavailable = false }: PublicProfileViewProps) {
  const [viewerOpen, setViewerOpen] = useState(true);
  // Where the story starts: the linked PB at first; 'Watch again' plays the whole story from the
  // first PB, whatever the link pointed at, and a PB picked on the end screen plays from there.
  const [startIndex, setStartIndex] = useState(() => linkedIndex(profile?.pbs ?? [], pbId));
  const endHeadingRef = useRef<HTMLHeadingElement>(null);
  const owner = useViewerIsOwner(profile?.user.displayName);
  const report = useReportLauncher();
  // Closing the story hands focus to the end screen's heading, where reading goes on.
  const wasOpen = useRef(viewerOpen);
  useEffect(() => {
    if (wasOpen.current && !viewerOpen) endHeadingRef.current?.focus();
    wasOpen.current = viewerOpen;
  }, [viewerOpen]);

  useDocumentTitle(
    profile
      ? `${profile.user.displayName} Personal Bests`
      : pageTitle(unavailable ? PROFILE_UNAVAILABLE_TITLE : 'Profile Not Found'),
  );

  if (!profile) {
    return (
      <main className="flex min-h-dvh flex-col">
        <ProfileNotFound unavailable={unavailable} />
      </main>
    );
  }

  const { user, pbs } = profile;
  const hasPbs = pbs.length > 0;
  const openAt = (index: number) => {
    setStartIndex(index);
    setViewerOpen(true);
  };
  // Only a visitor known not to be the owner gets Report: nobody reports their own page.
  const canReport = owner === false;

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
          owner={owner === true}
          onReport={
            canReport
              ? () => {
                  report.open({});
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
          onReport={
            canReport
              ? (pb) => {
                  report.open({ pb: { id: pb.id, title: pb.title } });
                }
              : undefined
          }
          interrupted={report.subject !== null}
        />
      ) : null}
      {report.subject && report.Dialog ? (
        <report.Dialog
          username={user.displayName}
          subject={report.subject}
          onClose={report.close}
        />
      ) : null}
      {report.loadFailed ? (
        <p
          role="alert"
          className="fixed inset-x-4 bottom-6 z-[60] mx-auto max-w-sm rounded-xl bg-background px-4 py-3 text-sm font-medium text-foreground shadow-float"
        >
          Could not open the report form. Check your connection and try again.
        </p>
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
