import { RotateCw } from 'lucide-react';

import { Button, type ButtonProps } from './button';

export interface RetryButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Tries the failed load again, such as a query's `refetch`. */
  onRetry: () => unknown;
}

/** 'Try again' under something that could not be loaded. */
export function RetryButton({ onRetry, variant = 'outline', ...props }: RetryButtonProps) {
  return (
    <Button
      variant={variant}
      onClick={() => {
        void onRetry();
      }}
      {...props}
    >
      <RotateCw aria-hidden="true" />
      Try again
    </Button>
  );
}
