import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AvatarUploadResponse,
  PROFILE_MESSAGES,
  type ProfileRequest,
  type ProfileResponse,
} from '#shared/contracts/profile';
import { api } from '../../lib/api';
import { toApiRequestError } from '../../lib/api-error';

export const profileQueryKey = ['profile'] as const;

/** The student's profile, or its prefill from the account when never saved. */
export const profileQuery = queryOptions({
  queryKey: profileQueryKey,
  queryFn: async (): Promise<ProfileResponse> => {
    const response = await api.api.profile.$get();
    if (!response.ok) throw await toApiRequestError(response, PROFILE_MESSAGES.loadFailed);
    return (await response.json()) as ProfileResponse;
  },
  retry: false,
  // The form holds its own copy while the student edits; a refetch would not change it anyway.
  refetchOnWindowFocus: false,
});

/** Save: the server answers with the profile as stored (sanitized), which the page then shows. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (profile: ProfileRequest) => {
      const response = await api.api.profile.$put({ json: profile });
      if (!response.ok) throw await toApiRequestError(response, PROFILE_MESSAGES.saveFailed);
      return (await response.json()) as ProfileResponse;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQueryKey, saved);
      // The dashboard greets the student by the profile's first name.
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** Avatar upload as multipart; the server checks the bytes, re-encodes and stores it. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('avatar', file);
      const response = await fetch('/api/profile/avatar', { method: 'POST', body });
      if (!response.ok) throw await toApiRequestError(response, PROFILE_MESSAGES.avatarFailed);
      return (await response.json()) as AvatarUploadResponse;
    },
    onSuccess: ({ avatarUrl }) => {
      queryClient.setQueryData<ProfileResponse>(
        profileQueryKey,
        (current) => current && { saved: true, profile: { ...current.profile, avatarUrl } },
      );
    },
  });
}
