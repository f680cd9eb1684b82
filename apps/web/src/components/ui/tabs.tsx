import * as TabsPrimitive from '@radix-ui/react-tabs';

import { withClasses } from './with-classes';

export const Tabs = TabsPrimitive.Root;

export const { TabsList, TabsTrigger, TabsContent } = withClasses({
  TabsList: [
    TabsPrimitive.List,
    'inline-flex h-11 items-center gap-1 rounded-xl bg-secondary p-1 text-muted-foreground',
  ],
  TabsTrigger: [
    TabsPrimitive.Trigger,
    'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
  ],
  TabsContent: [TabsPrimitive.Content, 'mt-4'],
});
