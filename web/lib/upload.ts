import { LIMITS } from '../../common/limits';
import { MSG } from '../../common/messages';
import { apiFetch } from './api';

export type UploadScope = 'avatar' | 'logo' | 'brand' | 'project';
export const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** The message for a file that cannot be uploaded (spec: JPEG or PNG, single file), or null. */
export function imageFileProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return MSG.validation.imageType;
  if (file.size > LIMITS.uploadMaxBytes) return MSG.validation.imageTooLarge;
  return null;
}

/** POST f/av (multipart): stores the image and answers its url (`/api/f/{uuid}.png|jpg`). */
export async function uploadImage(file: File, scope: UploadScope, description?: string): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  form.append('scope', scope);
  if (description) form.append('description', description);
  const doc = await apiFetch<{ data: { attributes: { url: string } } }>('f/av', { method: 'POST', body: form });
  return doc.data.attributes.url;
}
