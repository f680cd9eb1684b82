import type { UseFormRegisterReturn } from 'react-hook-form';

import { InputField } from '@/components/ui/field';

/** The username input of sign-up and the Profile tab; its hint shows the public address it makes. */
export function UsernameField({
  registration,
  error,
  value,
  placeholder,
}: {
  registration: UseFormRegisterReturn<'displayName'>;
  error: string | undefined;
  /** What is typed so far, for the address in the hint. */
  value: string;
  placeholder?: string;
}) {
  return (
    <InputField
      label="Username"
      hint={
        <>
          Your public page: {window.location.host}/
          <span className="font-medium text-foreground">{value.trim() || 'username'}</span>
        </>
      }
      error={error}
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      placeholder={placeholder}
      {...registration}
    />
  );
}
