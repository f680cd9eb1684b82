import * as LabelPrimitive from '@radix-ui/react-label';

import { withClasses } from './with-classes';

export const { Label } = withClasses({
  Label: [
    LabelPrimitive.Root,
    'text-sm leading-none font-medium text-foreground select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
  ],
});
