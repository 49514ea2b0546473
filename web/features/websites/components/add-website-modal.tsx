import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink, IconRss, IconSearch } from '@tabler/icons-react';
import { LIMITS } from '../../../../common/limits';
import { feedCreateBody, websiteCreateBody } from '../../../../common/schemas/websites';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';
import { toastError } from '../../../components/toasts';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { FeedStepError, feedDocument, useAddWebsite, useLanguageOptions, websiteDocument, type NewWebsiteValues } from '../api/websites';
import { FeedFinderResults } from './feed-finder';
import { useFeedFinder } from './use-feed-finder';
import secondary from '../../../components/secondary-text.module.css';

/** The form's errors, with the server's schema (common/schemas/websites.ts) and its catalogue messages. */
function validate(values: NewWebsiteValues) {
  const site = documentErrors(websiteCreateBody, websiteDocument(values));
  const feed = documentErrors(feedCreateBody, feedDocument({ feed: values.feed, websiteId: '1' }));
  return { domain: site.domain, reach: site.reach, language: site.language, feed: feed.feed };
}

/**
 * Add website: domain, feed, media score and language (000 §2, §5); closes when both calls return
 * 201. "Find feeds" asks feed discovery about the domain and fills the feed from the one chosen.
 * The media score is optional: left empty, the server derives it from the traffic ranking.
 */
export function AddWebsiteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const languages = useLanguageOptions();
  const add = useAddWebsite();
  const finder = useFeedFinder();
  // The website already created by an earlier attempt whose feed failed: only the feed is retried.
  const [created, setCreated] = useState<{ domain: string; id: string } | null>(null);
  const form = useForm<NewWebsiteValues>({
    initialValues: { domain: '', feed: '', reach: '', language: null },
    validate,
  });

  const close = () =>
    closeThenReset(onClose, () => {
      form.reset();
      setCreated(null);
      finder.reset();
    });

  async function findFeeds() {
    const domainError = validate(form.values).domain;
    if (domainError) {
      form.setFieldError('domain', domainError);
      return;
    }
    try {
      const fieldError = await finder.find(form.values.domain);
      if (fieldError) form.setFieldError('domain', fieldError);
    } catch (err) {
      toastError(err);
    }
  }

  async function submit(values: NewWebsiteValues) {
    const websiteId = created && created.domain === values.domain.trim() ? created.id : undefined;
    try {
      await add.mutateAsync({ values: { ...values, feedType: finder.typeFor(values.feed) }, websiteId });
      close();
    } catch (err) {
      if (err instanceof FeedStepError) {
        setCreated({ domain: values.domain.trim(), id: err.websiteId });
        const fields = serverFieldErrors(err.reason);
        if (fields.feed) form.setFieldError('feed', fields.feed);
        else toastError(err.reason);
        return;
      }
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) form.setErrors({ domain: fields.domain, reach: fields.reach, language: fields.language });
      else toastError(err);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Add website" size="md">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Website URL"
            placeholder="example.com"
            required
            data-autofocus
            leftSection={<IconLink size={16} />}
            disabled={!!created && created.domain === form.values.domain.trim()}
            {...form.getInputProps('domain')}
            inputContainer={(input) => (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                <Button variant="light" leftSection={<IconSearch size={16} />} onClick={findFeeds} loading={finder.searching}>
                  Find feeds
                </Button>
              </Group>
            )}
          />
          <FeedFinderResults finder={finder} onChoose={(url) => form.setFieldValue('feed', url)} />
          <TextInput
            label="Feed URL"
            placeholder="https://example.com/feed"
            description={finder.typeFor(form.values.feed) === 1 ? 'A news sitemap: read as one.' : undefined}
            required
            leftSection={<IconRss size={16} />}
            {...form.getInputProps('feed')}
          />
          <NumberInput
            label="Media score"
            description="Leave empty to score it from the traffic ranking, or type a score from 0.1 to 10."
            placeholder="From the ranking"
            classNames={{ description: secondary.secondary }}
            min={LIMITS.mediaScore.min}
            max={LIMITS.mediaScore.max}
            step={0.1}
            decimalScale={1}
            {...form.getInputProps('reach')}
            onChange={(v) => form.setFieldValue('reach', typeof v === 'number' ? v : v === '' ? '' : Number(v))}
          />
          <Select
            label="Language"
            placeholder={languages.isPending ? 'Loading languages…' : 'Choose a language'}
            required
            searchable
            data={languages.data ?? []}
            nothingFoundMessage="No such language"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('language')}
          />
          <FormModalActions onCancel={close} submitLabel="Add website" loading={add.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
