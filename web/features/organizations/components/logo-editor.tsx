import { useEffect, useState } from 'react';
import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconCheck, IconPhotoUp, IconX } from '@tabler/icons-react';
import { LIMITS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { toastError } from '../../../components/toasts';
import { IMAGE_TYPES, imageFileProblem, uploadImage } from '../../../lib/upload';
import { useUpdateOrganization } from '../api/organization';

export interface LogoEditorProps {
  orgId: string;
  name: string;
  logo: string | null;
  /** Admins change the logo; others see it. */
  editable: boolean;
}

/**
 * The organization's logo. An admin picks a JPEG or PNG, sees it in place, and Apply uploads it
 * (POST f/av, scope logo) and sets it (PATCH organizations/{id}). Nothing is uploaded until
 * Apply, so a discarded choice leaves no file behind.
 */
export function LogoEditor({ orgId, name, logo, editable }: LogoEditorProps) {
  const update = useUpdateOrganization(orgId);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function pick(chosen: File | null) {
    if (!chosen) return;
    const bad = imageFileProblem(chosen);
    setProblem(bad);
    if (bad) return;
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }

  function discard() {
    setFile(null);
    setPreview(null);
    setProblem(null);
  }

  async function apply() {
    if (!file) return;
    setUploading(true);
    try {
      const url = await uploadImage(file, 'logo', name);
      await update.mutateAsync({ avatar: url });
      discard();
    } catch (err) {
      toastError(err, MSG.organization.updateFailed);
    } finally {
      setUploading(false);
    }
  }

  const busy = uploading || update.isPending;
  const shown = preview ?? logo;

  return (
    <Input.Wrapper label="Logo" error={problem}>
      <Group gap="lg" mt={6} wrap="nowrap" align="center">
        <Avatar src={shown} size={96} radius="md" color="brand" alt={`${name} logo`}>
          {name.trim()[0]?.toUpperCase()}
        </Avatar>
        {editable && (
          <Stack gap={8}>
            <Group gap="xs">
              <FileButton onChange={pick} accept={IMAGE_TYPES.join(',')} disabled={busy}>
                {(props) => (
                  <Button {...props} variant="default" size="xs" leftSection={<IconPhotoUp size={14} />}>
                    Change logo
                  </Button>
                )}
              </FileButton>
              <Button size="xs" leftSection={<IconCheck size={14} />} onClick={apply} disabled={!file} loading={busy}>
                Apply
              </Button>
              {file && !busy && (
                <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={discard}>
                  Discard
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {file ? `Preview of ${file.name}: Apply to use it.` : `JPEG or PNG, up to ${LIMITS.uploadMaxBytes / (1024 * 1024)} MB.`}
            </Text>
          </Stack>
        )}
      </Group>
    </Input.Wrapper>
  );
}
