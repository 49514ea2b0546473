import { Alert, Badge, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { LIMITS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { FormModalActions } from '../../../components/form-modal-actions';
import { TagPicker } from '../../../components/tag-picker';
import type { SavedBulkImport } from './use-saved-bulk-import';

/** The bulk import's first phase: the tag, the links, and what was read from them. */
export function BulkImportLinksForm({ projectId, state }: { projectId: string; state: SavedBulkImport }) {
  const { parsed, parsing, total } = state;
  return (
    <Stack gap="md">
      <TagPicker
        projectId={projectId}
        value={state.tagId}
        onChange={state.changeTag}
        required
        error={state.tagMissing ? MSG.articles.tagRequired : undefined}
      />
      <Textarea
        label="Links"
        description={`One link per line, with http:// or https://. Up to ${LIMITS.bulkImportMax - 1} links.`}
        placeholder={'https://www.example.com/review\nhttps://news.example.org/interview'}
        required
        autosize
        minRows={6}
        maxRows={14}
        value={state.text}
        onChange={(e) => state.changeText(e.currentTarget.value)}
        error={state.listError}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
      <Group gap="xs" mih={24} data-testid="link-parse">
        {parsing ? (
          <Group gap={6}>
            <Loader size={14} />
            <Text size="sm" c="dimmed">
              Reading links…
            </Text>
          </Group>
        ) : (
          state.debounced.trim() !== '' && (
            <>
              <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
                {parsed.ready.length} ready
              </Badge>
              {parsed.invalid.length > 0 && (
                <Badge color="yellow" variant="light" leftSection={<IconAlertTriangle size={12} />}>
                  {parsed.invalid.length} invalid
                </Badge>
              )}
              {parsed.duplicates > 0 && (
                <Badge color="gray" variant="light">
                  {parsed.duplicates} duplicate{parsed.duplicates === 1 ? '' : 's'} skipped
                </Badge>
              )}
            </>
          )
        )}
      </Group>
      {!parsing && parsed.invalid.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} title="These lines are not valid links and will be skipped">
          <Stack gap={2}>
            {parsed.invalid.slice(0, 5).map((l, i) => (
              <Text key={`${i}-${l}`} size="xs" ff="monospace" truncate="end">
                {l}
              </Text>
            ))}
            {parsed.invalid.length > 5 && (
              <Text size="xs" c="dimmed">
                and {parsed.invalid.length - 5} more
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      <FormModalActions
        onCancel={state.close}
        submitLabel={total > 0 ? `Import ${total} link${total === 1 ? '' : 's'}` : 'Import'}
        onSubmit={state.startImport}
        disabled={!state.canImport}
      />
    </Stack>
  );
}
