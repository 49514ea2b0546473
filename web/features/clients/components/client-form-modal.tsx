import { useState } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { clientCreateBody } from '../../../../common/schemas/clients';
import { AvatarUpload } from '../../../components/avatar-upload';
import { closeThenReset } from '../../../components/modal-reset';
import { toastError } from '../../../components/toasts';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { brandDocument, useSaveBrand, type Brand, type BrandValues } from '../api/clients';
import { FormModalActions } from '../../../components/form-modal-actions';

export interface BrandFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The brand to edit; none for a new brand. */
  brand?: Brand | null;
}

/** New brand / Edit brand: name and avatar (JPEG or PNG, uploaded with scope "brand"). */
export function BrandFormModal({ opened, onClose, brand }: BrandFormModalProps) {
  const save = useSaveBrand();
  const [uploading, setUploading] = useState(false);
  const form = useForm<BrandValues>({
    initialValues: { name: brand?.name ?? '', avatar: brand?.avatar ?? null },
    validate: (values) => documentErrors(clientCreateBody, brandDocument(values)),
  });

  const close = () => closeThenReset(onClose, form.reset);

  async function submit(values: BrandValues) {
    try {
      await save.mutateAsync({ values, id: brand?.id });
      close();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) form.setErrors(fields);
      else toastError(err);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={brand ? 'Edit brand' : 'New brand'} size="md">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput label="Name" placeholder="Nebula Games" required data-autofocus {...form.getInputProps('name')} />
          <AvatarUpload
            label="Avatar"
            scope="brand"
            name={form.values.name}
            value={form.values.avatar}
            onChange={(url) => form.setFieldValue('avatar', url)}
            error={form.errors.avatar as string | undefined}
            onUploadingChange={setUploading}
          />
          <FormModalActions onCancel={close} submitLabel={brand ? 'Save' : 'Create brand'} loading={save.isPending} disabled={uploading} />
        </Stack>
      </form>
    </Modal>
  );
}
