import { withClasses } from './with-classes';

export const { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } =
  withClasses({
    Card: [
      'div',
      'flex flex-col rounded-2xl border border-border bg-background text-foreground shadow-card',
    ],
    CardHeader: ['div', 'flex flex-col gap-1.5 p-6 pb-0'],
    CardTitle: ['h3', 'text-lg leading-tight font-semibold tracking-tight'],
    CardDescription: ['p', 'text-sm text-muted-foreground'],
    CardContent: ['div', 'p-6'],
    CardFooter: ['div', 'flex items-center gap-3 p-6 pt-0'],
  });
