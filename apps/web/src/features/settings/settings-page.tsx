import type { User } from '@pbshare/shared';
import { Gavel, KeyRound, LockKeyhole, ShieldUser, UserRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { ClosablePage } from '@/components/layout/closable-page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth';
import { AccountTab } from './components/account-tab';
import { ModerationTab } from './components/moderation-tab';
import { SecurityTab } from './components/security-tab';
import { PasswordTab } from './components/password-tab';
import { ProfileTab } from './components/profile-tab';

interface SettingsTab {
  value: string;
  label: string;
  icon: LucideIcon;
  description: string;
  render: (user: User) => ReactNode;
}

const tabs: SettingsTab[] = [
  {
    value: 'profile',
    label: 'Profile',
    icon: UserRound,
    description: 'How you appear on your public page.',
    render: (user) => <ProfileTab user={user} />,
  },
  {
    value: 'account',
    label: 'Account',
    icon: ShieldUser,
    description: 'Your sign-in email, signing out and deleting your account.',
    render: (user) => <AccountTab user={user} />,
  },
  {
    value: 'password',
    label: 'Password',
    icon: KeyRound,
    description: 'Change the password you sign in with.',
    render: (user) => <PasswordTab user={user} />,
  },
  {
    value: 'security',
    label: 'Security',
    icon: LockKeyhole,
    description: 'Passkeys, a second step at sign-in, and where your account is signed in.',
    render: (user) => <SecurityTab user={user} />,
  },
  {
    value: 'moderation',
    label: 'Moderation',
    icon: Gavel,
    description: 'Decisions of our moderators about your account, and your appeals.',
    render: () => <ModerationTab />,
  },
];

/**
 * The open tab lives in the address (`?tab=account`), so a reload, a shared link or Back lands on
 * the same tab. Switching tabs replaces the entry rather than adding one per click.
 */
function useTabInAddress(): [string, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find(({ value }) => value === asked)?.value ?? 'profile';
  const choose = (next: string) => {
    setParams(next === 'profile' ? {} : { tab: next }, { replace: true });
  };
  return [tab, choose];
}

/** /profile/settings (docs/PRODUCT.md §2). Only reached signed in, behind the protected route. */
export function SettingsPage() {
  useDocumentTitle(pageTitle('Profile Settings'));
  const { user } = useAuth();
  const [tab, chooseTab] = useTabInAddress();
  if (!user) return null;

  return (
    <ClosablePage title="Profile Settings" closeTo="/profile" closeLabel="Close settings">
      <Tabs value={tab} onValueChange={chooseTab} className="mt-6">
        <TabsList aria-label="Settings" className="w-full">
          {tabs.map(({ value, label, icon: Icon }) => (
            <TabsTrigger
              key={value}
              value={value}
              className="px-1 text-[0.8125rem] sm:px-3 sm:text-sm"
            >
              {/* Five tabs fit a 390 px phone only as words, a size smaller; the icons join from the small breakpoint. */}
              <Icon className="hidden size-4 sm:block" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, label, description, render }) => (
          <TabsContent
            key={value}
            value={value}
            className="mt-6 rounded-3xl border border-border bg-background p-5 shadow-card focus-visible:outline-2 sm:p-8"
          >
            <h2 className="text-lg font-semibold tracking-tight">{label}</h2>
            <p className="mt-1 mb-6 text-sm text-muted-foreground">{description}</p>
            {render(user)}
          </TabsContent>
        ))}
      </Tabs>
    </ClosablePage>
  );
}
