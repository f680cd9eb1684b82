import {
  FREE_LIMIT_TEXT,
  FREE_TIER_PB_LIMIT,
  PB_MESSAGES,
  pricingFrom,
  type PersonalBest,
} from '@pbshare/shared';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { PbCardsSkeleton } from '@/components/layout/profile-skeleton';
import { buttonClasses } from '@/components/ui/button';
import { RetryButton } from '@/components/ui/retry-button';
import { toast } from '@/components/ui/toaster';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth';
import {
  usePersonalBests,
  useReorderPersonalBests,
  useSetVisibility,
  FreeLimitDialog,
  PbGrid,
  NoPbsYet,
  OutboxList,
  usePbDeletion,
  withoutRecords,
  type PbCardActions,
} from '@/features/pbs';
import { InstallOffer } from '@/features/install';
import { SharePbButton } from '@/features/share';
import { ProfileHeader } from './components/profile-header';
import { SuspensionNotice } from './components/suspension-notice';

/** The open card offers sharing its PB (features/share). */
const cardActions: PbCardActions = {
  share: ({ pb, className }) => <SharePbButton pb={pb} className={className} />,
};

/** /profile (docs/PRODUCT.md §2): the header, the PBs waiting to upload and the user's PBs. */
export function ProfilePage() {
  useDocumentTitle(pageTitle('Your profile'));
  const { user } = useAuth();
  const pbs = usePersonalBests();
  const [expandedExerciseId, setExpandedExerciseId] = useState<string | null>(null);
  const setVisibility = useSetVisibility();
  const reorder = useReorderPersonalBests();
  const { hiddenIds, deleteCurrent, deleteHistory } = usePbDeletion();
  const [capDialogOpen, setCapDialogOpen] = useState(false);
  // A PB saved offline that the server refused for the free limit, as it was sent.
  const [outboxLimitOpen, setOutboxLimitOpen] = useState(false);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const openParam = searchParams.get('open');
  // Records whose delete waits for its Undo are gone from the page, not yet from the server.
  const list = useMemo(
    () => pbs.data && withoutRecords(pbs.data, hiddenIds),
    [pbs.data, hiddenIds],
  );
  const loaded = list !== undefined;

  // ?open={exerciseId} (the PB form after an edit, or a reload of that address) opens that card
  // once the cards are there, so it opens like a tap would and scrolls into view; then it leaves
  // the address, so Back or a later reload do not open it again.
  useEffect(() => {
    if (openParam === null || !loaded) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- after the cards mounted closed, so the card runs its opening (focus, scroll into view) as on a tap
    setExpandedExerciseId(openParam);
    setSearchParams(
      (params) => {
        params.delete('open');
        return params;
      },
      // Only the address changes: the page must not jump back to the top, away from the card.
      { replace: true, preventScrollReset: true },
    );
  }, [openParam, loaded, setSearchParams]);

  const loadFailed = pbs.isError;
  useEffect(() => {
    if (loadFailed) toast.error('Error', { description: 'Failed to load personal bests' });
  }, [loadFailed]);

  if (!user) return null;
  const atCap = user.subscription_tier === 'free' && (list?.length ?? 0) >= FREE_TIER_PB_LIMIT;
  // An exercise that went away (deleted, elsewhere) leaves nothing open.
  const expanded =
    expandedExerciseId !== null && list?.some((pb) => pb.exerciseId === expandedExerciseId)
      ? expandedExerciseId
      : null;

  function toggleVisibility(pb: PersonalBest, isVisible: boolean) {
    setVisibility.mutate(
      { id: pb.id, isVisible },
      {
        onError: () => {
          toast.error('Error', {
            description: `Could not ${isVisible ? 'show' : 'hide'} ${pb.title}. Please try again.`,
          });
        },
      },
    );
  }

  function saveOrder(orderedIds: string[]) {
    reorder.mutate(orderedIds, {
      onSuccess: () => {
        toast.success(PB_MESSAGES.orderSaved, {
          description: 'Your personal bests order has been updated',
        });
      },
      onError: () => {
        toast.error('Error', { description: 'Failed to save personal bests order' });
      },
    });
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-20 sm:px-6 sm:pt-10">
      <ProfileHeader user={user} pbCount={list?.length} />
      <SuspensionNotice user={user} className="mt-4" />
      <InstallOffer hasPbs={(list?.length ?? 0) > 0} />

      <section aria-labelledby="pbs-heading" className="mt-10">
        <div className="flex items-center justify-between gap-3">
          <h2 id="pbs-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            Personal Bests
          </h2>
          {expanded === null && list && list.length > 0 ? (
            <Link
              to="/add-pb"
              className={buttonClasses({ variant: 'primary', size: 'sm' })}
              onClick={(event) => {
                // At the cap, say so before the form is filled rather than after.
                if (atCap) {
                  event.preventDefault();
                  setCapDialogOpen(true);
                }
              }}
            >
              <Plus aria-hidden="true" />
              Add New
            </Link>
          ) : null}
        </div>
        {user.subscription_tier === 'free' && list ? (
          <p className="mt-1 text-sm text-muted-foreground" data-testid="free-tier-counter">
            Used {Math.min(list.length, FREE_TIER_PB_LIMIT)} of {FREE_LIMIT_TEXT}
            {atCap ? (
              <>
                {' · '}
                <Link
                  to={pricingFrom('/profile')}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  Upgrade for unlimited
                </Link>
              </>
            ) : null}
          </p>
        ) : null}

        <OutboxList
          className="mt-5"
          onFreeLimit={() => {
            setOutboxLimitOpen(true);
          }}
        />
        <div className="mt-5">
          {pbs.isPending ? (
            <PbCardsSkeleton label="Loading personal bests" />
          ) : pbs.isError ? (
            <div className="flex flex-col items-center gap-4 rounded-3xl border border-dashed border-border px-6 py-14 text-center">
              <p className="text-sm text-muted-foreground">
                Your personal bests could not be loaded.
              </p>
              <RetryButton onRetry={pbs.refetch} />
            </div>
          ) : !list || list.length === 0 ? (
            <NoPbsYet
              title="No Personal Bests Yet"
              description="Start tracking your fitness journey by adding your first personal best!"
              className="sm:py-20"
            />
          ) : (
            <PbGrid
              pbs={list}
              expandedExerciseId={expanded}
              onExpand={(pb) => {
                setExpandedExerciseId(pb.exerciseId);
              }}
              onCollapse={() => {
                setExpandedExerciseId(null);
              }}
              onToggleVisibility={toggleVisibility}
              onDelete={(pb) => {
                // Deleting the headline record closes its card (docs/PRODUCT.md §4).
                setExpandedExerciseId(null);
                deleteCurrent(pb);
              }}
              onDeleteHistory={deleteHistory}
              onReorder={saveOrder}
              cardActions={cardActions}
            />
          )}
        </div>
      </section>
      <FreeLimitDialog
        open={capDialogOpen}
        onOpenChange={setCapDialogOpen}
        onContinue={() => {
          setCapDialogOpen(false);
          void navigate('/add-pb');
        }}
      />
      <FreeLimitDialog open={outboxLimitOpen} onOpenChange={setOutboxLimitOpen} />
    </div>
  );
}
