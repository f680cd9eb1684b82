import type { UseFormRegisterReturn } from 'react-hook-form';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The e-mail input every account form uses: labelled, typed for mobile keyboards and autofill. */
export function EmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'email'>;
  error: string | undefined;
}) {
  return (
    <Field label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          {...registration}
        />
      )}
    </Field>
  );
}
