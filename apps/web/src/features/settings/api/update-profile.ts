import { userSchema, type User } from '@pbshare/shared';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';
import { useAuth } from '@/features/auth';

export interface ProfileUpdate {
  displayName: string;
  bio: string;
  /** A new avatar image, if one was picked. */
  image?: File | null;
}

/** PUT /users as multipart: the profile fields and, when picked, the avatar in a part named `file`. */
export function updateProfile({ displayName, bio, image }: ProfileUpdate): Promise<User> {
  const form = new FormData();
  form.set('displayName', displayName);
  form.set('bio', bio);
  if (image) form.set('file', image, image.name);
  return apiClient.put('/users', form, { parse: (data) => userSchema.parse(data) });
}

/** Saves the profile and makes the answer the signed-in user everywhere (top bar included). */
export function useUpdateProfile() {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      setUser(user);
    },
  });
}
