import { PB_MESSAGES } from '@pbshare/shared';
import { CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';
import { usePersonalBest } from './api/get-personal-best';
import { PbForm } from './components/pb-form';
import { PbFormLayout } from './components/pb-form-layout';
import { pbToFormValues } from './pb-form-values';

/** /edit-pb/{id}: the record loaded into the form; an unknown id goes back to /profile. */
export function EditPbPage() {
  useDocumentTitle(pageTitle('Edit Personal Best'));
  const { id } = useParams();
  const navigate = useNavigate();
  const query = usePersonalBest(id);
  const notFound = !id || (isApiError(query.error) && query.error.status === 404);
  const announced = useRef(false);

  useEffect(() => {
    if (!notFound || announced.current) return;
    announced.current = true;
    toast.error('Personal Best not found', { description: PB_MESSAGES.notFound });
    void navigate('/profile', { replace: true });
  }, [notFound, navigate]);

  return (
    <PbFormLayout title="Edit Personal Best" subtitle={query.data?.title}>
      <div className="mt-6 rounded-3xl border border-border bg-background p-5 shadow-card sm:p-8">
        {query.data ? (
          <PbForm
            key={query.data.id}
            mode="edit"
            recordId={query.data.id}
            defaultValues={pbToFormValues(query.data)}
            initialMedia={{ kind: 'uploaded', media: query.data.media }}
          />
        ) : query.isError && !notFound ? (
          <div className="grid gap-4">
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>
                {errorMessage(query.error, 'This personal best could not be loaded.')}
              </AlertDescription>
            </Alert>
            <RetryButton className="justify-self-start" onRetry={query.refetch} />
          </div>
        ) : (
          <div className="flex justify-center py-16">
            <Spinner label="Loading personal best" />
          </div>
        )}
      </div>
    </PbFormLayout>
  );
}
