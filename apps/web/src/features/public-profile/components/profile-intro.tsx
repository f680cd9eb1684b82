import { Avatar } from '@/components/ui/avatar';
import { profileCountLine } from '../profile-count';

export interface ProfileIntroProps {
  name: string;
  avatarUrl: string | null;
  bio: string;
  pbCount: number;
  /** The heading level of the name: the page's own title, or a line under another heading. */
  nameAs?: 'h1' | 'p';
}

/** Whose PBs these are: the avatar, the name, how many they share and their bio. */
export function ProfileIntro({ name, avatarUrl, bio, pbCount, nameAs = 'p' }: ProfileIntroProps) {
  const Name = nameAs;
  return (
    <div className="flex flex-col items-center text-center">
      <Avatar src={avatarUrl} name={name} size="lg" className="ring-4 ring-white/15" />
      <Name className="mt-4 text-lg font-semibold">{name}</Name>
      <p className="mt-1 text-sm text-white/60" data-testid="profile-count">
        {profileCountLine(name, pbCount)}
      </p>
      {bio.trim() ? (
        <p className="mt-4 text-sm leading-relaxed text-white/75 text-pretty">{bio.trim()}</p>
      ) : null}
    </div>
  );
}
