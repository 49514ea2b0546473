import { useEffect, useState } from 'react';
import { Avatar, Button, FileButton, Group, Input, Loader, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { LIMITS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { StepActions } from './step-actions';
import { StepHeading } from './signup-layout';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

interface AvatarStepProps {
  /** The uploaded picture's URL, or null. */
  picture: string | null;
  uploading: boolean;
  uploadError: string | null;
  onUpload: (file: File) => void;
  onRemove: () => void;
  onBack: () => void;
  onNext: () => void;
  name: string;
}

/** An optional profile picture (JPEG or PNG), uploaded as soon as it is chosen. */
export function AvatarStep({ picture, uploading, uploadError, onUpload, onRemove, onBack, onNext, name }: AvatarStepProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (file: File | null) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setTypeError(MSG.validation.imageType);
    if (file.size > LIMITS.uploadMaxBytes) return setTypeError(MSG.validation.imageTooLarge);
    setTypeError(null);
    setPreview(URL.createObjectURL(file));
    onUpload(file);
  };
  const remove = () => {
    setPreview(null);
    onRemove();
  };
  // A picture whose upload failed is not shown as if it were set.
  const shown = uploading || picture ? (preview ?? picture) : null;
  const error = typeError ?? uploadError;

  return (
    <div>
      <StepHeading title="Add a profile picture" description="Optional: it helps your team recognise you. You can change it later." />
      <Stack align="center" gap="md">
        <Avatar src={shown} name={name || undefined} color="initials" size={120} radius={120} alt="Profile picture preview" />
        <Group gap="sm">
          <FileButton onChange={choose} accept={IMAGE_TYPES.join(',')}>
            {(props) => (
              <Button {...props} variant="light" leftSection={uploading ? <Loader size="xs" /> : <IconPhoto size={16} />} disabled={uploading}>
                {shown ? 'Choose another' : 'Choose a picture'}
              </Button>
            )}
          </FileButton>
          {shown && !uploading && (
            <Button variant="subtle" color="gray" leftSection={<IconTrash size={16} />} onClick={remove}>
              Remove
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          JPEG or PNG, up to {Math.round(LIMITS.uploadMaxBytes / 1024 / 1024)} MB
        </Text>
        {error && <Input.Error>{error}</Input.Error>}
      </Stack>
      <StepActions onBack={onBack} onNext={onNext} nextLabel={picture ? 'Create account' : 'Skip and create account'} nextDisabled={uploading} />
    </div>
  );
}
