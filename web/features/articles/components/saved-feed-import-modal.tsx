import { useState } from 'react';
import { Alert, Badge, Button, Center, Checkbox, CloseButton, Group, Loader, Modal, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LIMITS, TIMINGS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { languageName } from '../../../../common/reference';
import { MediaScoreBadge } from '../../../components/media-score-badge';
import { closeThenReset } from '../../../components/modal-reset';
import { TagPicker } from '../../../components/tag-picker';
import { toastError, toastSuccess, toastWarning } from '../../../components/toasts';
import { formatDate } from '../../../lib/dates';
import { useAlertsOfProject } from '../../alerts/api/alerts';
import { saveFeedArticles, useFeedArticles, useInvalidateArticles, type FeedArticle } from '../api/saved-articles';
import { truncate } from '../../../lib/text';

export interface SavedFeedImportModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  /** The project's (first) alert; null when it has none (the modal then explains how to get one). */
  alertId: string | null;
  initialTagId?: string | null;
}

function FeedRow({ article, checked, onToggle }: { article: FeedArticle; checked: boolean; onToggle: () => void }) {
  return (
    <Checkbox.Card checked={checked} onClick={onToggle} radius="md" p="xs" withBorder aria-label={article.title}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox.Indicator mt={2} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={500} lineClamp={2} dir="auto">
            {truncate(article.title || article.url, LIMITS.titleTruncate)}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {[article.media, formatDate(article.pub_date), languageName(article.language)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <MediaScoreBadge score={article.reach} />
      </Group>
    </Checkbox.Card>
  );
}

/**
 * Import from feed: tick articles the project's alert found (first page, newest first, those
 * not saved yet) and save them under a tag (POST bulk/articles `articles_rss_ids`). A project
 * with several alerts (plans with multiple alerts) picks the alert whose feed to import from.
 */
export function SavedFeedImportModal({ opened, onClose, projectId, alertId, initialTagId = null }: SavedFeedImportModalProps) {
  const invalidate = useInvalidateArticles();
  const [tagId, setTagId] = useState<string | null>(initialTagId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TIMINGS.searchDebounceMs);
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const alerts = useAlertsOfProject(opened && alertId !== null ? projectId : null).data ?? [];
  const [pickedAlertId, setPickedAlertId] = useState<string | null>(null);
  const sourceAlertId = pickedAlertId ?? alertId;
  const feed = useFeedArticles(opened ? sourceAlertId : null, debounced);
  const rows = (feed.data?.rows ?? []).filter((a) => !a.saved);

  const reset = () => {
    setTagId(initialTagId);
    setPickedAlertId(null);
    setSearch('');
    setSelected([]);
  };
  const close = () => closeThenReset(onClose, reset);
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const allChecked = rows.length > 0 && rows.every((r) => selected.includes(r.id));

  async function save() {
    if (!tagId || !sourceAlertId || selected.length === 0) return;
    setSaving(true);
    try {
      const r = await saveFeedArticles(selected, tagId, sourceAlertId);
      await invalidate();
      if (r.success === 0) toastError(undefined, r.failed ? MSG.articles.alreadyExists : MSG.articles.saveFailed);
      else {
        if (r.failed === 0) toastSuccess(MSG.articles.savedCount(r.success));
        else toastWarning(MSG.articles.partialSave(r.success, r.failed));
        close();
      }
    } catch (err) {
      toastError(err, MSG.articles.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Import from feed" size="xl">
      {alertId === null ? (
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {MSG.savedArticles.noAlert}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button component={Link} to={`/articles-feed/${projectId}`} onClick={close}>
              Go to Articles feed
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {alerts.length > 1 && (
            <Select
              label="Alert"
              description="Whose feed to import from"
              data={alerts.map((a) => ({ value: String(a.id), label: a.name }))}
              value={sourceAlertId}
              onChange={(value) => {
                setPickedAlertId(value);
                setSelected([]);
              }}
              allowDeselect={false}
            />
          )}
          <TagPicker projectId={projectId} value={tagId} onChange={setTagId} required />
          <Group justify="space-between" gap="sm">
            <TextInput
              aria-label="Search the feed"
              placeholder="Search the feed"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null}
              style={{ flex: 1 }}
            />
            <Checkbox
              label="Select all"
              checked={allChecked}
              indeterminate={!allChecked && selected.length > 0}
              disabled={rows.length === 0}
              onChange={() => setSelected(allChecked ? [] : rows.map((r) => r.id))}
            />
          </Group>
          <ScrollArea.Autosize mah={380} type="auto" offsetScrollbars>
            {feed.isPending ? (
              <Center py="xl">
                <Loader type="dots" />
              </Center>
            ) : feed.isError ? (
              <Alert color="red" variant="light">
                {(feed.error as Error).message}
              </Alert>
            ) : rows.length === 0 ? (
              <Text c="dimmed" size="sm" ta="center" py="xl">
                {(feed.data?.rows.length ?? 0) > 0 ? MSG.savedArticles.feedAllSaved : MSG.emptyTable}
              </Text>
            ) : (
              <Stack gap={6}>
                {rows.map((a) => (
                  <FeedRow key={a.id} article={a} checked={selected.includes(a.id)} onToggle={() => toggle(a.id)} />
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
          <Group justify="space-between">
            <Badge variant="light" color={selected.length ? 'blue' : 'gray'}>
              {selected.length} selected
            </Badge>
            <Group gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={save} loading={saving} disabled={!tagId || selected.length === 0}>
                {selected.length ? `Save ${selected.length} article${selected.length === 1 ? '' : 's'}` : 'Save articles'}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
