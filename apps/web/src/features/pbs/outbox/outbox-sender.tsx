import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { toast } from '@/components/ui/toaster';
import { SEND_OUTBOX_MESSAGE } from '@/lib/device-storage';
import { onWorkerMessage } from '@/lib/service-worker';
import { useAuth } from '@/features/auth';
import { pbsQueryKey } from '../api/pb-keys';
import { flushOutbox } from './flush-outbox';
import { outbox, outboxWake } from './outbox-store';

/** After an attempt whose answer was lost or failed on the way, the next one starts this late. */
const RETRY_AFTER_MS = 30_000;

/**
 * Sends the signed-in account's PBs saved with no network (renders nothing): when it mounts
 * online, when the browser is online again, when one is added or retried, and again a while
 * after an attempt that failed on the way.
 */
export function OutboxSender() {
  const { user } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const quit = new AbortController();
    let retry: number | undefined;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: pbsQueryKey });
    };
    const send = () => {
      if (quit.signal.aborted || !navigator.onLine) return;
      window.clearTimeout(retry);
      void flushOutbox({
        userId,
        quit: quit.signal,
        onSaved: (entry) => {
          refresh();
          toast.success('Uploaded', { description: `${entry.fields.title} is saved.` });
        },
        onSentElsewhere: refresh,
      }).then((left) => {
        if (left && !quit.signal.aborted) retry = window.setTimeout(send, RETRY_AFTER_MS);
      });
    };
    void outbox.load().then(send);
    window.addEventListener('online', send);
    // The worker's Background Sync, while this page is open, hands the sending to it.
    const stopListening = onWorkerMessage(SEND_OUTBOX_MESSAGE, send);
    const stopWaking = outboxWake.on(send);
    return () => {
      // An entry under way goes on (leaving for a public page should not lose it); none starts.
      quit.abort();
      window.clearTimeout(retry);
      window.removeEventListener('online', send);
      stopListening();
      stopWaking();
    };
  }, [userId, queryClient]);

  return null;
}
