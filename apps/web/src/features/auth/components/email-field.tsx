import type { UseFormRegisterReturn } from 'react-hook-form';

import { InputField } from '@/components/ui/field';

/** The e-mail input every account form uses: labelled, typed for mobile keyboards and autofill. */
export function EmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'email'>;
  error: string | undefined;
}) {
  return (
    <InputField
      label="Email"
      error={error}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@example.com"
      {...registration}
    />
  );
}
