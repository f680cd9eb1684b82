// What other features may use of this one; its other files are its own.
export { authKeys } from './api/auth-keys';
export { useForgotPassword } from './api/forgot-password';
export { isCancelledPrompt } from './api/passkey-sign-in';
export { NewPasswordFields } from './components/new-password-fields';
export { UsernameField } from './components/username-field';
export { useAuth } from './use-auth';
export { useLeaveSession, useSignOut } from './use-sign-out';
