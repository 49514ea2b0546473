import { useState } from 'react';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { projectCreateBody, projectUpdateBody } from '../../../../common/schemas/projects';
import { AvatarUpload } from '../../../components/avatar-upload';
import { closeThenReset } from '../../../components/modal-reset';
import { SteamAppIdsField } from '../../../components/steam/steam-app-ids-field';
import { toastError } from '../../../components/toasts';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import type { Project } from '../../../lib/workspace';
import { defaultCoveragePeriod } from '../../steam/api/coverage';
import { useSaveProjectWithSteam, useSteamSummary } from '../../steam/api/steam';
import { projectDocument, useActiveBrands, useSaveProject, type ProjectValues } from '../api/projects';
import { FormModalActions } from '../../../components/form-modal-actions';
import { CompetitorsField, competitorErrors, serverCompetitorErrors } from './competitors-field';

type FormValues = ProjectValues & { steamAppIds: number[]; competitors: { name: string; query: string }[] };

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The app names Steam gave (the project's summary, once read), for the field's chips. */
function useSteamNames(project: Project | null | undefined, opened: boolean): Record<number, string | null> {
  const [period] = useState(() => defaultCoveragePeriod());
  const summary = useSteamSummary(project?.id ?? '', period, opened && !!project && project['steam-app-ids'].length > 0);
  return Object.fromEntries((summary.data?.apps ?? []).map((a) => [a.app_id, a.name]));
}

export interface ProjectFormModalProps {
  opened: boolean;
  onClose: () => void;
  project?: Project | null;
}

/**
 * New project / Edit project: name, brand (an active brand) and image; editing, also the games it
 * follows on Steam (`steam_app_ids`), saved with the rest in one PATCH when they changed, and its
 * competitors (named Super Search queries, sent with every edit).
 */
export function ProjectFormModal({ opened, onClose, project }: ProjectFormModalProps) {
  const save = useSaveProject();
  const saveWithSteam = useSaveProjectWithSteam();
  const brands = useActiveBrands(opened);
  const steamNames = useSteamNames(project, opened);
  const [uploading, setUploading] = useState(false);
  const initialSteam = project?.['steam-app-ids'] ?? [];
  const form = useForm<FormValues>({
    initialValues: {
      name: project?.name ?? '',
      clientId: project?.client?.id != null ? String(project.client.id) : project?.client_id != null ? String(project.client_id) : null,
      avatar: project?.avatar ?? null,
      steamAppIds: initialSteam,
      competitors: project?.competitors ?? [],
    },
    validate: (values) => {
      const doc = projectDocument(values);
      const errors = documentErrors(projectCreateBody, doc);
      // The brand is the `client` relationship; show its message under the select.
      if (errors.relationships && !errors.client) errors.client = errors.relationships;
      const steam = project
        ? documentErrors(projectUpdateBody, { data: { ...doc.data, attributes: { steam_app_ids: values.steamAppIds } } }).steam_app_ids
        : undefined;
      return {
        name: errors.name,
        clientId: errors.client,
        avatar: errors.avatar,
        steamAppIds: steam,
        ...(project ? competitorErrors(values.competitors) : {}),
      };
    },
  });

  const close = () => closeThenReset(onClose, form.reset);

  async function submit(values: FormValues) {
    try {
      if (project && !sameIds(values.steamAppIds, initialSteam)) await saveWithSteam.mutateAsync({ values, id: project.id, steamAppIds: values.steamAppIds });
      else await save.mutateAsync({ values, id: project?.id });
      close();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length)
        form.setErrors({
          name: fields.name,
          clientId: fields.client,
          avatar: fields.avatar,
          steamAppIds: fields.steam_app_ids,
          ...serverCompetitorErrors(err),
        });
      else toastError(err);
    }
  }

  const options = (brands.data ?? []).map((b) => ({ value: b.id, label: b.name }));
  // A project whose brand was archived keeps showing it.
  if (project?.client && !options.some((o) => o.value === String(project.client!.id)))
    options.push({ value: String(project.client.id), label: `${project.client.name} (archived)` });

  return (
    <Modal opened={opened} onClose={close} title={project ? 'Edit project' : 'New project'} size={project ? 'lg' : 'md'}>
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
          {/* Steam comes once the project exists (POST projects takes no games): editing it. */}
          {project && (
            <SteamAppIdsField
              value={form.values.steamAppIds}
              onChange={(ids) => {
                form.setFieldValue('steamAppIds', ids);
                form.clearFieldError('steamAppIds');
              }}
              names={steamNames}
              error={form.errors.steamAppIds as string | undefined}
            />
          )}
          {project && (
            <CompetitorsField
              value={form.values.competitors}
              onChange={(next) => {
                form.setFieldValue('competitors', next);
                form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith('competitors'))));
              }}
              errors={form.errors}
            />
          )}
          <FormModalActions
            onCancel={close}
            submitLabel={project ? 'Save' : 'Create project'}
            loading={save.isPending || saveWithSteam.isPending}
            disabled={uploading}
          />
        </Stack>
      </form>
    </Modal>
  );
}
