import {
  MODERATION_MESSAGES,
  recordText,
  setsRepsText,
  type PbRecord,
  type PersonalBest,
} from '@pbshare/shared';
import { CalendarDays, Eye, EyeOff, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { prefersReducedMotion } from '@/hooks/page-conditions';
import { useShowsNewPb } from '@/hooks/use-new-pb';
import { cn } from '@/lib/cn';
import { deleteQuestion, type DeleteQuestion } from '../delete-question';
import { addRecordState } from '../pb-form-values';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { PbHistoryList } from './pb-history-list';
import { PbMediaView } from './pb-media';
import { PbProgress } from './pb-progress';
import { NewPbBadge, PbChange } from './pb-standing';

/**
 * What the page adds to a card from the features above this one (sharing lives in features/share),
 * so the card shows them without depending on them.
 */
export interface PbCardActions {
  /** Sharing the PB, under the open card's visibility switch, laid out with `className`. */
  share?: (props: { pb: PersonalBest; className: string }) => ReactNode;
}

export interface PbCardProps {
  pb: PersonalBest;
  expanded: boolean;
  onExpand: () => void;
  onCollapse: () => void;
  onToggleVisibility: (isVisible: boolean) => void;
  /** Deletes the headline record (the best of the others heads the card afterwards). */
  onDelete: () => void;
  onDeleteHistory: (record: PbRecord) => void;
  actions?: PbCardActions;
  /** The drag handle, when the card can be dragged. */
  dragHandle?: ReactNode;
  /** Dimmed: the card's place while its copy is being dragged. */
  placeholder?: boolean;
  className?: string;
}

/** The moderation notice and its reason while moderation hides the PB; null otherwise. */
function moderationNotice(pb: PersonalBest): string | null {
  const moderation = pb.moderation ?? null;
  return moderation ? `${MODERATION_MESSAGES.hiddenByModeration}: ${moderation.reason}` : null;
}

/** The record the delete dialog asks about, and whether it is the card's headline. */
type PendingDelete = { kind: 'current' } | { kind: 'history'; record: PbRecord };

/**
 * One exercise on /profile (docs/PRODUCT.md §2). Collapsed: media, title, category, value, sets
 * and reps, date; a tap expands it. Expanded: the story, the actions and the older records. The
 * media element stays the same across both, so a video pauses where the card closes.
 */
export function PbCard({
  pb,
  expanded,
  onExpand,
  onCollapse,
  onToggleVisibility,
  onDelete,
  onDeleteHistory,
  actions,
  dragHandle,
  placeholder = false,
  className,
}: PbCardProps) {
  const headingId = useId();
  const moderationId = useId();
  const moderationText = moderationNotice(pb);
  const articleRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const expandRef = useRef<HTMLButtonElement>(null);
  const wasExpanded = useRef(expanded);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  // The last question stays while the dialog closes, so its words do not change as it fades.
  const [question, setQuestion] = useState<DeleteQuestion>({ title: '', description: '' });
  function askDelete(pending: PendingDelete) {
    setQuestion(deleteQuestion(pb, pending.kind === 'history' ? pending.record : pb));
    setPendingDelete(pending);
  }
  const setsReps = setsRepsText(pb.sets, pb.reps);
  const isNewPb = useShowsNewPb(pb.newPbUntil);
  const visibilityLabel = pb.isVisible
    ? `Hide ${pb.title} from your public page`
    : `Show ${pb.title} on your public page`;

  // Opening moves focus (and the view) to the details; closing gives focus back to the card.
  useEffect(() => {
    if (expanded && !wasExpanded.current) {
      headingRef.current?.focus({ preventScroll: true });
      const article = articleRef.current;
      const reduce = prefersReducedMotion();
      if (article && typeof article.scrollIntoView === 'function')
        article.scrollIntoView({
          block: 'start',
          behavior: reduce ? 'auto' : 'smooth',
        });
    } else if (
      !expanded &&
      wasExpanded.current &&
      articleRef.current?.contains(document.activeElement)
    ) {
      expandRef.current?.focus();
    }
    wasExpanded.current = expanded;
  }, [expanded]);

  return (
    <article
      ref={articleRef}
      aria-labelledby={headingId}
      data-testid="pb-card"
      data-expanded={expanded}
      className={cn(
        'group relative flex scroll-mt-24 flex-col overflow-hidden rounded-2xl border border-border bg-background shadow-card transition-shadow',
        expanded
          ? 'md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]'
          : 'hover:shadow-float',
        placeholder && 'opacity-40',
        className,
      )}
    >
      <div
        className={cn(
          'relative w-full',
          expanded
            ? 'aspect-[4/5] bg-ink sm:aspect-[4/3] md:aspect-auto md:min-h-[28rem]'
            : 'aspect-[4/5]',
        )}
      >
        <PbMediaView
          media={pb.media}
          title={pb.title}
          expanded={expanded}
          sizes={expanded ? '(min-width: 768px) 60vw, 100vw' : undefined}
          replaceHref={`/edit-pb/${pb.id}`}
          className={cn(
            'absolute inset-0 [&_img]:size-full',
            // The picture fades, not the media as a whole: that would make a stacking context
            // putting 'Replace video' under the card's open button, and fade the length's pill
            // below readable contrast.
            !pb.isVisible && !expanded && '[&_img]:opacity-60 [&_video]:opacity-60',
          )}
        />
        {!expanded && (isNewPb || !pb.isVisible) ? (
          <div
            className={cn(
              'pointer-events-none absolute bottom-2 left-2 z-10 flex flex-wrap gap-1',
              // A video's length sits in the bottom right corner: the badges keep clear of it.
              pb.media.type === 'video' && pb.media.durationSeconds !== null
                ? 'right-14'
                : 'right-2',
            )}
          >
            <NewPbBadge newPbUntil={pb.newPbUntil} />
            {!pb.isVisible ? (
              <Badge variant="overlay">
                <EyeOff aria-hidden="true" />
                Hidden
              </Badge>
            ) : null}
          </div>
        ) : null}
      </div>

      {expanded ? (
        <ExpandedDetails
          pb={pb}
          headingId={headingId}
          headingRef={headingRef}
          setsReps={setsReps}
          onCollapse={onCollapse}
          onToggleVisibility={onToggleVisibility}
          onAskDelete={askDelete}
          actions={actions}
        />
      ) : (
        <>
          <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:p-3.5">
            <h3
              id={headingId}
              className="truncate text-sm font-semibold tracking-tight sm:text-base"
            >
              {pb.title}
            </h3>
            <p className="truncate text-xs text-muted-foreground">{pb.category}</p>
            <p className="mt-1 flex flex-wrap items-baseline gap-x-1.5">
              <span className="min-w-0 truncate text-lg leading-tight font-extrabold tracking-tight text-primary sm:text-xl">
                {recordText(pb)}
              </span>
              <PbChange pb={pb} className="text-xs sm:text-sm" />
            </p>
            {setsReps ? (
              <p className="truncate text-xs font-medium text-foreground/80">{setsReps}</p>
            ) : null}
            <p className="mt-auto truncate pt-1 text-xs text-muted-foreground">{pb.date}</p>
            {moderationText ? (
              <p
                id={moderationId}
                className="line-clamp-3 text-xs font-medium break-words text-destructive-hover"
              >
                {moderationText}
              </p>
            ) : null}
          </div>
          {/* The whole card opens it; the buttons above this layer stay usable. */}
          <button
            ref={expandRef}
            type="button"
            aria-expanded={false}
            aria-label={`${pb.title}: ${recordText(pb)}${isNewPb ? ', New PB' : ''}. Show details`}
            onClick={onExpand}
            className="absolute inset-0 z-[1] rounded-2xl focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          />
          <button
            type="button"
            aria-label={visibilityLabel}
            aria-pressed={!pb.isVisible}
            // Hidden by a moderator, it stays hidden until one restores it: no showing it.
            disabled={moderationText !== null}
            aria-describedby={moderationText ? moderationId : undefined}
            title={
              moderationText ??
              (pb.isVisible ? 'Visible on your public page' : 'Hidden from your public page')
            }
            onClick={() => {
              onToggleVisibility(!pb.isVisible);
            }}
            className="absolute top-2 left-2 z-[2] inline-flex size-9 items-center justify-center rounded-full bg-background/85 text-foreground shadow-sm backdrop-blur-sm transition-colors hover:bg-background disabled:cursor-not-allowed disabled:text-muted-foreground"
          >
            {pb.isVisible ? (
              <Eye className="size-4" aria-hidden="true" />
            ) : (
              <EyeOff className="size-4" aria-hidden="true" />
            )}
          </button>
          {dragHandle ? <div className="absolute top-2 right-2 z-[2]">{dragHandle}</div> : null}
        </>
      )}

      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={question.title}
        description={question.description}
        onConfirm={() => {
          const target = pendingDelete;
          setPendingDelete(null);
          if (target?.kind === 'history') onDeleteHistory(target.record);
          else if (target) onDelete();
        }}
      />
    </article>
  );
}

function ExpandedDetails({
  pb,
  headingId,
  headingRef,
  setsReps,
  onCollapse,
  onToggleVisibility,
  onAskDelete,
  actions,
}: {
  pb: PersonalBest;
  headingId: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  setsReps: string | null;
  onCollapse: () => void;
  onToggleVisibility: (isVisible: boolean) => void;
  onAskDelete: (pending: PendingDelete) => void;
  actions: PbCardActions | undefined;
}) {
  const switchId = useId();
  const moderationText = moderationNotice(pb);
  const iconButton =
    'inline-flex size-10 items-center justify-center rounded-xl text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground';

  return (
    <div className="flex min-w-0 flex-col gap-5 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="brand">{pb.category}</Badge>
            <NewPbBadge newPbUntil={pb.newPbUntil} />
          </div>
          <h3
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="mt-2 text-2xl font-bold tracking-tight break-words focus-visible:outline-none sm:text-3xl"
          >
            {pb.title}
          </h3>
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0 items-center">
          <Link to={`/edit-pb/${pb.id}`} aria-label={`Edit ${pb.title}`} className={iconButton}>
            <Pencil className="size-[1.125rem]" aria-hidden="true" />
          </Link>
          <button
            type="button"
            aria-label={`Delete ${pb.title}`}
            onClick={() => {
              onAskDelete({ kind: 'current' });
            }}
            className={cn(iconButton, 'hover:bg-destructive-soft hover:text-destructive-hover')}
          >
            <Trash2 className="size-[1.125rem]" aria-hidden="true" />
          </button>
          <button
            type="button"
            aria-label={`Close ${pb.title}`}
            onClick={onCollapse}
            className={iconButton}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>

      <div>
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-4xl font-extrabold tracking-tight text-primary">
            {recordText(pb)}
          </span>
          <PbChange pb={pb} showPrevious className="text-base" />
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {setsReps ? <span className="font-medium text-foreground">{setsReps}</span> : null}
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            {pb.date}
          </span>
        </div>
      </div>

      {pb.story ? (
        <p className="text-[0.9375rem] leading-relaxed whitespace-pre-line text-foreground/90">
          {pb.story}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground italic">No story yet.</p>
      )}

      <div className="rounded-xl bg-muted px-4 py-3">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={switchId} className="min-w-0 text-sm">
            <span className="block font-medium">Show on public page</span>
            {moderationText ? (
              <span className="block text-xs font-medium break-words text-destructive-hover">
                {moderationText}
              </span>
            ) : (
              <span className="block text-xs text-muted-foreground">
                {pb.isVisible ? 'Visitors can see this PB.' : 'Only you can see this PB.'}
              </span>
            )}
          </label>
          <Switch
            id={switchId}
            checked={pb.isVisible}
            // Only a moderator's restore shows it again (the label says why).
            disabled={moderationText !== null}
            onCheckedChange={onToggleVisibility}
          />
        </div>
        {actions?.share?.({ pb, className: 'mt-3 border-t border-border pt-3' })}
      </div>

      <Link
        to="/add-pb"
        state={addRecordState(pb)}
        className={buttonClasses({ variant: 'primary', className: 'w-full whitespace-normal' })}
      >
        <Plus aria-hidden="true" />
        Add New Personal Best for {pb.title}
      </Link>

      <PbProgress pb={pb} />

      <PbHistoryList
        pb={pb}
        onDelete={(record) => {
          onAskDelete({ kind: 'history', record });
        }}
      />
    </div>
  );
}
