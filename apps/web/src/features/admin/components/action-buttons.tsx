import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { ActionRequest } from '../action-request';

/** A row of action buttons; each opens the dialog that asks for its reason. */
export function ActionButtons({
  actions,
  onAction,
  className,
}: {
  actions: ActionRequest[];
  onAction: (request: ActionRequest) => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {actions.map((request) => (
        <Button
          key={request.label}
          size="sm"
          variant={request.tone === 'destructive' ? 'destructive' : 'outline'}
          onClick={() => {
            onAction(request);
          }}
        >
          {request.label}
        </Button>
      ))}
    </div>
  );
}
