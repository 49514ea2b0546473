import { useEffect, useState } from 'react';
import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { imageFileProblem, IMAGE_TYPES, uploadImage, type UploadScope } from '../lib/upload';
import { LIMITS } from '../../common/limits';
import { ApiError } from '../lib/api';

export interface AvatarUploadProps {
  label: string;
  /** The uploaded image's url, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  scope: UploadScope;
  /** Initial of the preview when there is no image. */
  name?: string;
  error?: string;
  onUploadingChange?: (uploading: boolean) => void;
}

/** Picks a JPEG or PNG, previews it and uploads it (POST f/av); the form keeps the returned url. */
export function AvatarUpload({ label, value, onChange, scope, name, error, onUploadingChange }: AvatarUploadProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function pick(file: File | null) {
    if (!file) return;
    const bad = imageFileProblem(file);
    setProblem(bad);
    if (bad) return;
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    onUploadingChange?.(true);
    try {
      onChange(await uploadImage(file, scope, name));
    } catch (err) {
      setPreview(null);
      setProblem(err instanceof ApiError ? err.message : String(err));
    } finally {
      setUploading(false);
      onUploadingChange?.(false);
    }
  }

  const shown = preview ?? value;
  return (
    <Input.Wrapper label={label} error={problem ?? error}>
      <Group gap="md" mt={6}>
        <Avatar src={shown} size={64} radius="md" color="brand" alt="">
          {name?.trim()?.[0]?.toUpperCase()}
        </Avatar>
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton onChange={pick} accept={IMAGE_TYPES.join(',')}>
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconPhotoUp size={14} />} loading={uploading}>
                  {shown ? 'Change image' : 'Upload image'}
                </Button>
              )}
            </FileButton>
            {shown && !uploading && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => {
                  setPreview(null);
                  onChange(null);
                }}
              >
                Remove
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            JPEG or PNG, up to {LIMITS.uploadMaxBytes / (1024 * 1024)} MB.
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
