import { PASSWORD_MIN_LENGTH } from '@pbshare/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { PasswordField } from '@/components/ui/field';

/** Under every field that sets a password, sign-up included. */
export const NEW_PASSWORD_HINT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

interface PasswordFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/** A field that sets a password: the length rule under it, and the browser's new-password help. */
export function NewPasswordField({ label, registration, error }: PasswordFieldProps) {
  return (
    <PasswordField
      label={label}
      hint={NEW_PASSWORD_HINT}
      error={error}
      autoComplete="new-password"
      {...registration}
    />
  );
}

/** A new password and its confirmation, as the reset page and the Password tab both ask. */
export function NewPasswordFields({
  password,
  confirm,
}: {
  password: PasswordFieldProps;
  confirm: PasswordFieldProps;
}) {
  return (
    <>
      <NewPasswordField {...password} />
      <PasswordField
        label={confirm.label}
        error={confirm.error}
        autoComplete="new-password"
        {...confirm.registration}
      />
    </>
  );
}
