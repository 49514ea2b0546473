import { useState } from 'react';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { projectCreateBody } from '../../../../common/schemas/projects';
import { AvatarUpload } from '../../../components/avatar-upload';
import { closeThenReset } from '../../../components/modal-reset';
import { toastError } from '../../../components/toasts';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import type { Project } from '../../../lib/workspace';
import { projectDocument, useActiveBrands, useSaveProject, type ProjectValues } from '../api/projects';
import { FormModalActions } from '../../../components/form-modal-actions';

export interface ProjectFormModalProps {
  opened: boolean;
  onClose: () => void;
  project?: Project | null;
}

/** New project / Edit project: name, brand (an active brand) and image. */
export function ProjectFormModal({ opened, onClose, project }: ProjectFormModalProps) {
  const save = useSaveProject();
  const brands = useActiveBrands(opened);
  const [uploading, setUploading] = useState(false);
  const form = useForm<ProjectValues>({
    initialValues: {
      name: project?.name ?? '',
      clientId: project?.client?.id != null ? String(project.client.id) : project?.client_id != null ? String(project.client_id) : null,
      avatar: project?.avatar ?? null,
    },
    validate: (values) => {
      const errors = documentErrors(projectCreateBody, projectDocument(values));
      // The brand is the `client` relationship; show its message under the select.
      if (errors.relationships && !errors.client) errors.client = errors.relationships;
      return { name: errors.name, clientId: errors.client, avatar: errors.avatar };
    },
  });

  const close = () => closeThenReset(onClose, form.reset);

  async function submit(values: ProjectValues) {
    try {
      await save.mutateAsync({ values, id: project?.id });
      close();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) form.setErrors({ name: fields.name, clientId: fields.client, avatar: fields.avatar });
      else toastError(err);
    }
  }

  const options = (brands.data ?? []).map((b) => ({ value: b.id, label: b.name }));
  // A project whose brand was archived keeps showing it.
  if (project?.client && !options.some((o) => o.value === String(project.client!.id)))
    options.push({ value: String(project.client.id), label: `${project.client.name} (archived)` });

  return (
    <Modal opened={opened} onClose={close} title={project ? 'Edit project' : 'New project'} size="md">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput label="Name" placeholder="Starfall Launch" required data-autofocus {...form.getInputProps('name')} />
          <Select
            label="Brand"
            placeholder={brands.isPending ? 'Loading brands…' : 'Choose a brand'}
            required
            searchable
            data={options}
            nothingFoundMessage="No active brand matches"
            {...form.getInputProps('clientId')}
          />
          <AvatarUpload
            label="Image"
            scope="project"
            name={form.values.name}
            value={form.values.avatar}
            onChange={(url) => form.setFieldValue('avatar', url)}
            error={form.errors.avatar as string | undefined}
            onUploadingChange={setUploading}
          />
          <FormModalActions onCancel={close} submitLabel={project ? 'Save' : 'Create project'} loading={save.isPending} disabled={uploading} />
        </Stack>
      </form>
    </Modal>
  );
}
