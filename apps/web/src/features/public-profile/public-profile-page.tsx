import { PRODUCT_NAME } from '@pbshare/shared';
import { useEffect } from 'react';
import { useParams } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePublicProfile } from './api/get-public-profile';
import { PublicProfileView } from './public-profile-view';

/**
 * /{username} reached inside the app (a link from /share-profile, the dev server): the profile
 * comes from the API. A visitor who opens the link gets the server-rendered page and its own lean
 * entry instead (entries/public.tsx); both show the same PublicProfileView.
 */
export function PublicProfilePage() {
  const { username = '', pbId } = useParams();
  const profile = usePublicProfile(username);
  const { data, error } = profile;

  useEffect(() => {
    // docs/PRODUCT.md §8: a failed load is logged and shown as Profile Not Found.
    if (error) console.error('Could not load the public profile', error);
  }, [error]);

  if (data === undefined && !profile.isError) return <LoadingProfile />;
  return <PublicProfileView profile={data ?? null} pbId={pbId} />;
}

function LoadingProfile() {
  useDocumentTitle(PRODUCT_NAME);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-ink">
      <Spinner size="lg" label="Loading profile" className="text-white" />
    </main>
  );
}
