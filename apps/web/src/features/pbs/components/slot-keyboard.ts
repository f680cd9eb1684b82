import type { ClientRect, KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';
import { hasSortableData } from '@dnd-kit/sortable';

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

const ARROWS: readonly string[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

/**
 * The slot an arrow press moves a picked-up card to in a grid read left to right, top to bottom:
 * left and right are the previous and next slot (across rows), up and down the slot a row above
 * or below (the previous or next one in a single column). It stops at either end.
 */
export function slotAfterArrow(
  slot: number,
  count: number,
  columns: number,
  key: ArrowKey,
): number {
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[key];
  const next = slot + step;
  return next < 0 || next >= count ? slot : next;
}

/** How many slots the first row holds: those level with the first. */
export function columnsOf(rects: readonly (ClientRect | undefined)[]): number {
  const top = rects[0]?.top;
  if (top === undefined) return 1;
  return Math.max(1, rects.filter((rect) => rect && Math.abs(rect.top - top) < 1).length);
}

/**
 * Arrow keys move a picked-up card one slot per press (docs/PRODUCT.md §2, Profile) instead of
 * dnd-kit's 25 px, which took eight presses to pass one card. The card is put on the target
 * slot's place, measured before the drag moved anything, so the collision check lands on it.
 */
export const slotKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  if (!ARROWS.includes(event.code)) return undefined;
  event.preventDefault();
  const { active, over, droppableRects } = context;
  if (!active || !hasSortableData(active)) return undefined;
  const items: readonly UniqueIdentifier[] = active.data.current.sortable.items;
  const current = over ? items.indexOf(over.id) : active.data.current.sortable.index;
  const columns = columnsOf(items.map((id) => droppableRects.get(id)));
  const target = slotAfterArrow(
    current < 0 ? active.data.current.sortable.index : current,
    items.length,
    columns,
    event.code as ArrowKey,
  );
  const targetId = items[target];
  const rect = targetId === undefined ? undefined : droppableRects.get(targetId);
  return rect ? { x: rect.left, y: rect.top } : undefined;
};
