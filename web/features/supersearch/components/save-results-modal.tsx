import { useState } from 'react';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { FormModalActions } from '../../../components/form-modal-actions';
import { IconFolder } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';
import { activeProjects, useAllProjects } from '../../../lib/workspace';

interface Props {
  opened: boolean;
  count: number;
  /** The project of the page, chosen by default (null when the page has none). */
  projectId: string | null;
  saving: boolean;
  onClose: () => void;
  /** Resolves when saved (the modal closes), rejects to stay open. */
  onSave: (target: { projectId: string; tagId: string }) => Promise<unknown>;
}

/** Save the checked results to a project's Saved Coverage under one of its tags. */
export function SaveResultsModal({ opened, count, projectId, saving, onClose, onSave }: Props) {
  const projects = useAllProjects(opened);
  const [target, setTarget] = useState<string | null>(null);
  const [tagId, setTagId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosenProject = target ?? projectId;
  const options = activeProjects(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }));

  const close = () =>
    closeThenReset(onClose, () => {
      setTarget(null);
      setTagId(null);
      setError(null);
    });

  async function submit() {
    if (!chosenProject || !tagId) {
      setError(MSG.articles.tagRequired);
      return;
    }
    try {
      await onSave({ projectId: chosenProject, tagId });
      close();
    } catch {
      // The caller shows the error; the choices stay for another try.
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={count === 1 ? 'Save 1 article to a project' : `Save ${count} articles to a project`} size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The articles are added to the project&apos;s Saved Coverage under the tag you choose. Articles already saved there are skipped.
        </Text>
        <Select
          label="Project"
          required
          allowDeselect={false}
          searchable
          leftSection={<IconFolder size={16} />}
          data={options}
          value={chosenProject}
          onChange={(v) => {
            if (!v || v === chosenProject) return;
            // Tags belong to a project: another project needs another tag.
            setTarget(v);
            setTagId(null);
            setError(null);
          }}
          nothingFoundMessage={projects.isPending ? 'Loading projects…' : 'No project found'}
          comboboxProps={{ withinPortal: true }}
        />
        {chosenProject ? (
          <TagPicker
            key={chosenProject}
            projectId={chosenProject}
            value={tagId}
            onChange={(v) => {
              setTagId(v);
              setError(null);
            }}
            error={error}
            required
          />
        ) : (
          <Select label="Tag" required disabled data={[]} placeholder="Choose a project first" />
        )}
        <FormModalActions onCancel={close} submitLabel="Save" onSubmit={submit} loading={saving} />
      </Stack>
    </Modal>
  );
}
