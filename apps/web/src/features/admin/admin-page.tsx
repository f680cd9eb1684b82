import type { ModerationQueue } from '@pbshare/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { NotFoundPage } from '@/features/not-found';
import type { ActionRequest } from './action-request';
import { useModerationQueue } from './api/get-queue';
import { ActionDialog } from './components/action-dialog';
import { AppealItem } from './components/appeal-item';
import { AuditLog } from './components/audit-log';
import { EmptyState } from './components/empty-state';
import { ReportItem } from './components/report-item';

const TABS = ['reports', 'appeals', 'audit'] as const;
type Tab = (typeof TABS)[number];

/** The open tab lives in the address (`?tab=appeals`), so a reload stays on it. */
function useTabInAddress(): [Tab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((value) => value === asked) ?? 'reports';
  const choose = (next: string) => {
    setParams(next === 'reports' ? {} : { tab: next }, { replace: true });
  };
  return [tab, choose];
}

/**
 * /admin: the moderation queue. The API answers 404 to anyone but an admin, and so does the page:
 * the normal not-found page, with nothing saying that a moderation page exists here.
 */
export function AdminPage() {
  const queue = useModerationQueue();
  if (queue.isPending) return <Spinner label="Loading" className="flex-1 py-24" size="lg" />;
  if (queue.isError) {
    if (isApiError(queue.error) && queue.error.status === 404) return <NotFoundPage />;
    return (
      <div className="mx-auto grid max-w-md flex-1 justify-items-center gap-4 px-6 py-24 text-center">
        <p className="text-sm text-muted-foreground">The moderation queue could not be loaded.</p>
        <RetryButton onRetry={() => queue.refetch()} />
      </div>
    );
  }
  return <ModerationDesk queue={queue.data} />;
}

function ModerationDesk({ queue }: { queue: ModerationQueue }) {
  useDocumentTitle(pageTitle('Moderation'));
  const [tab, chooseTab] = useTabInAddress();
  const [request, setRequest] = useState<ActionRequest | null>(null);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-20 sm:px-6 sm:pt-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Moderation</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        Reports to review, appeals to answer and every action taken.
      </p>
      <Tabs value={tab} onValueChange={chooseTab} className="mt-6">
        <TabsList aria-label="Moderation" className="w-full sm:w-auto">
          <TabsTrigger value="reports">
            Reports <Count value={queue.items.length} />
          </TabsTrigger>
          <TabsTrigger value="appeals">
            Appeals <Count value={queue.appeals.length} />
          </TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
        </TabsList>
        <TabsContent value="reports" className="mt-6">
          {queue.items.length === 0 ? (
            <EmptyState>No open reports.</EmptyState>
          ) : (
            <div className="grid gap-5">
              {queue.items.map((item) => (
                <ReportItem key={item.key} item={item} onAction={setRequest} />
              ))}
            </div>
          )}
        </TabsContent>
        <TabsContent value="appeals" className="mt-6">
          {queue.appeals.length === 0 ? (
            <EmptyState>No open appeals.</EmptyState>
          ) : (
            <div className="grid gap-5">
              {queue.appeals.map((appeal) => (
                <AppealItem key={appeal.id} appeal={appeal} onAction={setRequest} />
              ))}
            </div>
          )}
        </TabsContent>
        <TabsContent value="audit" className="mt-6">
          <AuditLog />
        </TabsContent>
      </Tabs>
      <ActionDialog
        request={request}
        onClose={() => {
          setRequest(null);
        }}
      />
    </div>
  );
}

/** How many are open, beside a tab's name. */
function Count({ value }: { value: number }) {
  return <Badge variant={value > 0 ? 'brand' : 'default'}>{value}</Badge>;
}
