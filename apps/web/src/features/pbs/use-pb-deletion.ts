import { recordText, type PbRecord, type PersonalBest } from '@pbshare/shared';
import { useEffect, useSyncExternalStore } from 'react';

import { toast } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/form-errors';
import { useDeletePersonalBest } from './api/delete-personal-best';
import { pendingDeletes } from './pending-deletes';

const DELETE_FAILED = 'Failed to delete personal best. Please try again.';

/** How long a delete's toast offers Undo before the delete is sent. */
export const UNDO_MS = 6000;

/**
 * Deletes records with a way back (docs/PRODUCT.md §4, Deleting): a record leaves the list at
 * once and its toast offers 'Undo'; the delete is sent when the toast closes without it (it runs
 * out, or its close button), or when the page is left or hidden, and a failed one brings the
 * record back with an error toast. `hiddenIds` are the records to leave out of the list.
 */
export function usePbDeletion() {
  const deleteRecord = useDeletePersonalBest();
  const hiddenIds = useSyncExternalStore(pendingDeletes.subscribe, pendingDeletes.hiddenIds);
  useSendPendingDeletesOnLeave();

  function remove(record: PbRecord, title: string, description: string) {
    const toastId = `delete-${record.id}`;
    const send = () => pendingDeletes.send(record.id);
    pendingDeletes.hold(record.id, async () => {
      // Sent by other means than its toast (the page hidden, a reorder): Undo is over.
      toast.dismiss(toastId);
      try {
        await deleteRecord(record.id);
      } catch (error) {
        toast.error('Error deleting personal best', {
          description: errorMessage(error, DELETE_FAILED),
        });
        throw error;
      }
    });
    toast.success(title, {
      id: toastId,
      description,
      duration: UNDO_MS,
      action: {
        label: 'Undo',
        onClick: () => {
          pendingDeletes.undo(record.id);
        },
      },
      onAutoClose: () => void send(),
      onDismiss: () => void send(),
    });
  }

  /** The card's headline record; the best of the others heads the card afterwards. */
  function deleteCurrent(pb: PersonalBest) {
    remove(pb, 'Deleted', `Your ${pb.title} of ${recordText(pb)} has been removed.`);
  }

  function deleteHistory(pb: PersonalBest, record: PbRecord) {
    remove(
      record,
      'History item deleted',
      `Your ${pb.title} of ${recordText(record)} from ${record.date} has been removed.`,
    );
  }

  return { hiddenIds, deleteCurrent, deleteHistory };
}

/**
 * A delete waiting for its Undo is sent when the page goes away or out of sight (a closed tab,
 * another app on a phone) and when the profile is left for another screen, whose toasts may not
 * outlive it: never lost, only sooner.
 */
function useSendPendingDeletesOnLeave() {
  useEffect(() => {
    const sendAll = () => void pendingDeletes.sendAll();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') sendAll();
    };
    window.addEventListener('pagehide', sendAll);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', sendAll);
      document.removeEventListener('visibilitychange', onVisibility);
      sendAll();
    };
  }, []);
}
