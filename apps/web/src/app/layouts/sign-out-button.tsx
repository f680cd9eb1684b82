import { Button } from '@/components/ui/button';
import { useSignOut } from '@/features/auth';

/** 'Sign Out' as the settings page words it, wherever the top bar offers it. */
export default function SignOutButton({
  className,
  size,
}: {
  className?: string;
  size: 'sm' | 'lg';
}) {
  const { signOut, pending } = useSignOut();
  return (
    <Button
      variant={size === 'sm' ? 'ghost' : 'secondary'}
      size={size}
      className={className}
      disabled={pending}
      onClick={() => {
        void signOut();
      }}
    >
      {pending ? 'Signing out...' : 'Sign Out'}
    </Button>
  );
}
