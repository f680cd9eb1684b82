import type { PbRecord } from '@pbshare/shared';

import { toast } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/form-errors';
import { useDeletePersonalBest } from './api/delete-personal-best';

const DELETE_FAILED = 'Failed to delete personal best. Please try again.';

/**
 * Deletes a record with the spec's toasts (section 8): a current PB shows 'Deleting...' until the
 * answer, a history entry only its result. Resolves whether it worked.
 */
export function usePbDeletion() {
  const mutation = useDeletePersonalBest();

  async function deleteCurrent(record: Pick<PbRecord, 'id'>): Promise<boolean> {
    const toastId = toast.loading('Deleting...', { description: 'Removing your personal best' });
    try {
      // mutateAsync settles even when the card it came from is gone by then.
      await mutation.mutateAsync(record.id);
      toast.success('Deleted', { id: toastId, description: 'Your personal best has been removed' });
      return true;
    } catch (error) {
      toast.error('Error deleting personal best', {
        id: toastId,
        description: errorMessage(error, DELETE_FAILED),
      });
      return false;
    }
  }

  async function deleteHistory(record: Pick<PbRecord, 'id'>, title: string): Promise<boolean> {
    try {
      await mutation.mutateAsync(record.id);
      toast.success('History item deleted', {
        description: `Your previous ${title} personal best has been removed.`,
      });
      return true;
    } catch (error) {
      toast.error('Error deleting personal best', {
        description: errorMessage(error, DELETE_FAILED),
      });
      return false;
    }
  }

  return { deleteCurrent, deleteHistory, isDeleting: mutation.isPending };
}
