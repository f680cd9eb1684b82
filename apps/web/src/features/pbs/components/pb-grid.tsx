import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { LAYOUT, type PbRecord, type PersonalBest } from '@pbshare/shared';
import { GripVertical } from 'lucide-react';
import { useState } from 'react';

import { PB_GRID_COLUMNS } from '@/components/layout/profile-skeleton';
import { cn } from '@/lib/cn';
import { PbCard, type PbCardActions, type PbCardProps } from './pb-card';
import { slotKeyboardCoordinates } from './slot-keyboard';

/** What a screen reader hears on reaching a drag handle (docs/PRODUCT.md §2). */
export const DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To pick up a personal best, press space. While dragging, use the arrow keys to move it. Press space again to drop it in its new place, or press escape to cancel.',
};

export interface PbGridProps {
  pbs: PersonalBest[];
  /** The exercise whose card is open, if any; dragging is off while one is. */
  expandedExerciseId: string | null;
  onExpand: (pb: PersonalBest) => void;
  onCollapse: () => void;
  onToggleVisibility: (pb: PersonalBest, isVisible: boolean) => void;
  onDelete: (pb: PersonalBest) => void;
  onDeleteHistory: (pb: PersonalBest, record: PbRecord) => void;
  /** A drop changed the order: every card id, in the new order. */
  onReorder: (orderedIds: string[]) => void;
  /** What the page adds to each card (its share button). */
  cardActions?: PbCardActions;
}

/** The PB cards: 2 columns on phones up to 6 on wide screens, sortable by drag and drop. */
export function PbGrid({
  pbs,
  expandedExerciseId,
  onExpand,
  onCollapse,
  onToggleVisibility,
  onDelete,
  onDeleteHistory,
  onReorder,
  cardActions,
}: PbGridProps) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const sortable = expandedExerciseId === null && pbs.length > 1;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: LAYOUT.dragActivationPx } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: slotKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  );
  const ids = pbs.map((pb) => pb.id);
  const titleOf = (id: string | number) => pbs.find((pb) => pb.id === id)?.title ?? 'Personal best';
  const positionOf = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}. It is in position ${positionOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} is over position ${positionOf(over.id)} of ${ids.length}.`
        : `${titleOf(active.id)} is no longer over a place.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} was dropped at position ${positionOf(over.id)} of ${ids.length}.`
        : `${titleOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  function onDragStart({ active }: DragStartEvent) {
    setActiveId(String(active.id));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  }

  const activePb = activeId ? pbs.find((pb) => pb.id === activeId) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActiveId(null);
      }}
      accessibility={{ screenReaderInstructions: DRAG_INSTRUCTIONS, announcements }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={!sortable}>
        <ul aria-label="Your personal bests" className={cn(PB_GRID_COLUMNS, 'grid-flow-row-dense')}>
          {pbs.map((pb) => (
            <SortablePbCard
              key={pb.exerciseId}
              pb={pb}
              sortable={sortable}
              dragging={pb.id === activeId}
              expanded={pb.exerciseId === expandedExerciseId}
              onExpand={() => {
                onExpand(pb);
              }}
              onCollapse={onCollapse}
              onToggleVisibility={(isVisible) => {
                onToggleVisibility(pb, isVisible);
              }}
              onDelete={() => {
                onDelete(pb);
              }}
              onDeleteHistory={(record) => {
                onDeleteHistory(pb, record);
              }}
              actions={cardActions}
            />
          ))}
        </ul>
      </SortableContext>
      <DragOverlay>
        {activePb ? (
          <div
            data-testid="pb-drag-overlay"
            // A picture of the card being moved: nothing in it can be reached or clicked.
            inert
            style={{
              transform: `scale(${LAYOUT.dragOverlayScale})`,
              opacity: LAYOUT.dragOverlayOpacity,
            }}
            className="cursor-grabbing"
          >
            <PbCard
              pb={activePb}
              expanded={false}
              {...inertCardActions}
              dragHandle={<HandleLook />}
              className="shadow-float"
            />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

const noop = () => undefined;
/** The dragged card's picture is inert: its actions are never called. */
const inertCardActions = {
  onExpand: noop,
  onCollapse: noop,
  onToggleVisibility: noop,
  onDelete: noop,
  onDeleteHistory: noop,
} satisfies Partial<PbCardProps>;

function SortablePbCard({
  pb,
  sortable,
  dragging,
  expanded,
  ...cardProps
}: Omit<PbCardProps, 'dragHandle'> & { sortable: boolean; dragging: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } =
    useSortable({ id: pb.id, disabled: !sortable });

  const handle = sortable ? (
    <button
      ref={setActivatorNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      aria-label={`Drag to reorder ${pb.title}`}
      className="inline-flex size-9 cursor-grab touch-none items-center justify-center rounded-full bg-background/85 text-foreground shadow-sm backdrop-blur-sm transition-colors hover:bg-background active:cursor-grabbing"
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  ) : undefined;

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('min-w-0', expanded && 'col-span-full')}
    >
      <PbCard
        pb={pb}
        expanded={expanded}
        dragHandle={handle}
        placeholder={dragging}
        className="h-full"
        {...cardProps}
      />
    </li>
  );
}

function HandleLook() {
  return (
    <span className="inline-flex size-9 items-center justify-center rounded-full bg-background/85 text-foreground shadow-sm">
      <GripVertical className="size-4" aria-hidden="true" />
    </span>
  );
}
