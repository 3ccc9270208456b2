import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
// Types and plain constants only from the contract module's exports used here.
import type {
  StudyMaterial,
  StudyMaterialList,
  UploadQuotaLeft,
} from '#shared/contracts/materials';
import { api } from '../../lib/api';
import { ApiRequestError, toApiRequestError } from '../../lib/api-error';

export const UPLOAD_FAILED = 'Failed to upload study materials. Please try again.';

const materialsKey = ['materials'] as const;

/** The student's uploaded materials; polled while any is still being read. */
export const materialsQuery = queryOptions({
  queryKey: materialsKey,
  queryFn: async (): Promise<StudyMaterial[]> => {
    const response = await api.api.materials.$get();
    if (!response.ok) throw await toApiRequestError(response, 'Could not load your materials.');
    return ((await response.json()) as StudyMaterialList).materials;
  },
  refetchInterval: (query) =>
    query.state.data?.some((material) => material.extractionStatus === 'pending') ? 2_000 : false,
});

/**
 * Sends one file as the request body (its name in X-File-Name), reporting the bytes sent as
 * they leave the browser: XMLHttpRequest's upload progress, which fetch does not offer.
 */
export function uploadFileWithProgress(
  file: File,
  onProgress: (sent: number) => void,
): Promise<StudyMaterial> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/materials/files');
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    request.responseType = 'json';
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      if (request.status === 201) {
        onProgress(file.size);
        resolve(request.response as StudyMaterial);
        return;
      }
      const body = request.response as { error?: { code?: string; message?: string } } | null;
      const message =
        request.status < 500 && body?.error?.message ? body.error.message : UPLOAD_FAILED;
      reject(new ApiRequestError(request.status, body?.error?.code ?? 'unknown', message));
    };
    request.onerror = () => reject(new ApiRequestError(0, 'network', UPLOAD_FAILED));
    request.onabort = () => reject(new ApiRequestError(0, 'aborted', UPLOAD_FAILED));
    request.send(file);
  });
}

/**
 * Whether a selection of files and pasted text fits what the student may still upload today.
 * When the quota cannot be read the answer is yes: the server counts every upload anyway.
 */
export async function fitsUploadQuota(
  files: readonly File[],
  text: string,
): Promise<{ fits: true } | { fits: false; left: UploadQuotaLeft }> {
  const response = await api.api.materials.quota.$get().catch(() => undefined);
  if (!response?.ok) return { fits: true };
  const left = (await response.json()) as UploadQuotaLeft;
  const count = files.length + (text.trim() === '' ? 0 : 1);
  const bytes =
    files.reduce((total, file) => total + file.size, 0) + new TextEncoder().encode(text).length;
  return count <= left.files && bytes <= left.bytes ? { fits: true } : { fits: false, left };
}

export async function savePastedText(text: string): Promise<StudyMaterial> {
  const response = await api.api.materials.text.$post({ json: { text } });
  if (!response.ok) throw await toApiRequestError(response, UPLOAD_FAILED);
  return (await response.json()) as StudyMaterial;
}

export async function deleteMaterial(id: string): Promise<void> {
  const response = await api.api.materials[':id'].$delete({ param: { id } });
  // Already gone is what was wanted.
  if (!response.ok && (response.status as number) !== 404) {
    throw await toApiRequestError(response, 'Could not remove this material. Please try again.');
  }
}

/** Removes an uploaded material, then refreshes the list. */
export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMaterial,
    onSettled: () => queryClient.invalidateQueries({ queryKey: materialsKey }),
  });
}

export function useRefreshMaterials() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: materialsKey });
}
