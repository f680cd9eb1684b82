import { PASSWORD_MIN_LENGTH } from '@pbshare/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';

/** Under every field that sets a password, sign-up included. */
export const NEW_PASSWORD_HINT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

interface PasswordFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
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
      <Field label={password.label} hint={NEW_PASSWORD_HINT} error={password.error}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...password.registration} />
        )}
      </Field>
      <Field label={confirm.label} error={confirm.error}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...confirm.registration} />
        )}
      </Field>
    </>
  );
}
