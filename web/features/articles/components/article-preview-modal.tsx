import { Alert, Button, Group, Image, Modal, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBookmark, IconExternalLink, IconFileOff } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { formatDate } from '../../../lib/dates';
import { useExtraction } from '../../extraction/api/extraction';
import type { FeedArticle } from '../api/feed';
import { webHref } from '../../../lib/links';

interface Props {
  /** Shown while an article is given too; `false` holds it closed (its first opening, loaded on demand, animates). */
  opened: boolean;
  article: FeedArticle | null;
  onClose: () => void;
  onSave: (article: FeedArticle) => void;
}

/** The article preview (000 §2): what the extraction service read, with Close, Open in new tab and Save. */
export function ArticlePreviewModal({ opened, article, onClose, onSave }: Props) {
  const preview = useExtraction(article ? { id: article.id, url: article.url } : null);
  const page = preview.data;

  return (
    <Modal opened={opened && article !== null} onClose={onClose} title="Article preview" size="xl" scrollAreaComponent={ScrollArea.Autosize}>
      {article && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" dir="ltr">
            {article.media} · {formatDate(article.pub_date)}
          </Text>
          {preview.isPending ? (
            <Stack gap="sm" data-testid="preview-loading">
              <Skeleton height={26} width="80%" />
              <Skeleton height={180} />
              <Skeleton height={12} />
              <Skeleton height={12} />
              <Skeleton height={12} width="60%" />
            </Stack>
          ) : preview.isError ? (
            <Alert color="red" title={MSG.somethingWrong}>
              {(preview.error as Error).message}
            </Alert>
          ) : !page ? (
            <Alert color="gray" icon={<IconFileOff size={18} />}>
              {MSG.articles.noPreview}
            </Alert>
          ) : (
            <>
              <Title order={3} fz="lg" dir="auto">
                {page.title || article.title}
              </Title>
              {page.image && <Image src={page.image} alt="" radius="md" mah={320} fit="cover" />}
              <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }} dir="auto">
                  {page.text || page.excerpt || MSG.articles.noPreview}
                </Text>
              </ScrollArea.Autosize>
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              variant="light"
              component="a"
              href={webHref(article.url)}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconExternalLink size={16} />}
            >
              Open in new tab
            </Button>
            <Button leftSection={<IconBookmark size={16} />} onClick={() => onSave(article)}>
              Save
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
