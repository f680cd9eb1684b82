// What other features may use of this one; its other files are its own.
export { usePersonalBests } from './api/get-personal-bests';
export { useReorderPersonalBests } from './api/reorder-personal-bests';
export { useSetVisibility } from './api/set-visibility';
export { FreeLimitDialog } from './components/free-limit-dialog';
export type { PbCardActions } from './components/pb-card';
export { PbGrid } from './components/pb-grid';
export { NoPbsYet, PbsLoading } from './components/pb-list-states';
export { OutboxList, type OutboxListProps } from './outbox/outbox-list';
export { OutboxSender } from './outbox/outbox-sender';
export { usePbDeletion } from './use-pb-deletion';
export { withoutRecords } from './without-records';
export { UNDO_MS } from './use-pb-deletion';
