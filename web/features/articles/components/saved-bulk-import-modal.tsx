import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Progress, ScrollArea, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { FormModalActions } from '../../../components/form-modal-actions';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { LIMITS, TIMINGS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';
import { toastError, toastSuccess, toastWarning } from '../../../components/toasts';
import { importLinksInChunks, parseLinkLines, useInvalidateArticles, type LinkStatus } from '../api/saved-articles';
import { truncate } from '../../../lib/text';

export interface SavedBulkImportModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  initialTagId?: string | null;
}

type Phase = 'edit' | 'importing' | 'done';

function StatusIcon({ status }: { status: LinkStatus }) {
  if (status.state === 'loading') return <Loader size={14} aria-label="loading" />;
  if (status.state === 'ko')
    return (
      <ThemeIcon size={18} radius="xl" color="red" variant="light" aria-label="KO">
        <IconX size={12} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon size={18} radius="xl" color={status.reason ? 'yellow' : 'teal'} variant="light" aria-label="OK">
      {status.reason ? <IconAlertTriangle size={12} /> : <IconCheck size={12} />}
    </ThemeIcon>
  );
}

/**
 * Bulk import: a tag and up to 999 links, one per line. Links are checked as they are typed
 * (ready / invalid), then sent in chunks of 10 while a progress bar and a per-link list show
 * how far the import got and why a link failed.
 */
export function SavedBulkImportModal({ opened, onClose, projectId, initialTagId = null }: SavedBulkImportModalProps) {
  const invalidate = useInvalidateArticles();
  const [tagId, setTagId] = useState<string | null>(initialTagId);
  const [text, setText] = useState('');
  const [dirty, setDirty] = useState(false);
  const [tagMissing, setTagMissing] = useState(false);
  const [phase, setPhase] = useState<Phase>('edit');
  const [statuses, setStatuses] = useState<LinkStatus[]>([]);
  const [done, setDone] = useState(0);

  const [debounced] = useDebouncedValue(text, TIMINGS.searchDebounceMs);
  const parsing = text !== debounced;
  const parsed = useMemo(() => parseLinkLines(debounced), [debounced]);

  const reset = () => {
    setTagId(initialTagId);
    setText('');
    setDirty(false);
    setTagMissing(false);
    setPhase('edit');
    setStatuses([]);
    setDone(0);
  };
  const close = () => {
    if (phase !== 'importing') closeThenReset(onClose, reset);
  };

  const listError = dirty && !parsing ? parsed.error : null;
  const canImport = !parsing && parsed.error === null && parsed.ready.length > 0;

  async function startImport() {
    if (!tagId) {
      setTagMissing(true);
      return;
    }
    if (!canImport) return;
    setPhase('importing');
    // Invalid lines never reach the server: they fail here with the reason already shown.
    const rejected: LinkStatus[] = parsed.invalid.map((url) => ({ url, state: 'ko', reason: MSG.articles.invalidUrl }));
    const result = await importLinksInChunks(parsed.ready, tagId, (s, n) => {
      setStatuses([...s, ...rejected]);
      setDone(n);
    });
    const failed = result.failed + rejected.length;
    await invalidate();
    if (failed === 0) {
      toastSuccess(MSG.articles.importedCount(result.success));
      setPhase('done');
      closeThenReset(onClose, reset);
      return;
    }
    if (result.success > 0) toastWarning(MSG.savedArticles.importedSome(result.success));
    toastError(undefined, MSG.articles.failedCount(failed));
    setPhase('done');
  }

  const total = parsed.ready.length;
  const percent = total ? Math.round((done / total) * 100) : 0;
  const okCount = statuses.filter((s) => s.state === 'ok').length;
  const koCount = statuses.filter((s) => s.state === 'ko').length;

  return (
    <Modal opened={opened} onClose={close} title="Bulk import" size="lg" closeOnClickOutside={phase !== 'importing'} withCloseButton={phase !== 'importing'}>
      {phase === 'edit' ? (
        <Stack gap="md">
          <TagPicker
            projectId={projectId}
            value={tagId}
            onChange={(v) => {
              setTagId(v);
              setTagMissing(false);
            }}
            required
            error={tagMissing ? MSG.articles.tagRequired : undefined}
          />
          <Textarea
            label="Links"
            description={`One link per line, with http:// or https://. Up to ${LIMITS.bulkImportMax - 1} links.`}
            placeholder={'https://www.example.com/review\nhttps://news.example.org/interview'}
            required
            autosize
            minRows={6}
            maxRows={14}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setDirty(true);
            }}
            error={listError}
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
              debounced.trim() !== '' && (
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
            onCancel={close}
            submitLabel={total > 0 ? `Import ${total} link${total === 1 ? '' : 's'}` : 'Import'}
            onSubmit={startImport}
            disabled={!canImport}
          />
        </Stack>
      ) : (
        <Stack gap="md">
          <div>
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={500}>
                {phase === 'importing' ? 'Importing…' : 'Import finished'}
              </Text>
              <Text size="sm" c="dimmed" data-testid="bulk-progress-count">
                {done} / {total}
              </Text>
            </Group>
            <Progress value={percent} size="lg" radius="xl" animated={phase === 'importing'} aria-label="Import progress" color={koCount ? 'yellow' : 'teal'} />
          </div>
          <Group gap="xs">
            <Badge color="teal" variant="light">
              {okCount} OK
            </Badge>
            <Badge color="red" variant="light">
              {koCount} KO
            </Badge>
          </Group>
          <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
            <Stack gap={6} data-testid="bulk-statuses">
              {statuses.map((s, i) => (
                <Group key={`${i}-${s.url}`} gap="xs" wrap="nowrap" align="flex-start" data-state={s.state}>
                  <StatusIcon status={s} />
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" truncate="end" title={s.url}>
                      {truncate(s.url, 90)}
                    </Text>
                    {s.reason && (
                      <Text size="xs" c={s.state === 'ko' ? 'red' : 'yellow.8'}>
                        {s.reason}
                      </Text>
                    )}
                  </Stack>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button onClick={close} disabled={phase === 'importing'}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
