import { ActionIcon, Box, ColorSwatch, Group, Text, Tooltip } from '@mantine/core';
import { IconLanguage, IconMoodSearch, IconSparkles } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { ApiError } from '../../../lib/api';
import { sentimentColor, useHeadlineSentiment, useTranslateHeadline } from '../api/headline';

interface Props {
  title: string;
  url: string;
  language: string;
}

const isEnglish = (language: string) => language.toLowerCase() === 'en';

/**
 * The AI headline tools of a feed row (organizations with ai_headline_tools, 000 §6): translate
 * (only for headlines not in English) and sentiment. Each shows "Loading..." while it runs,
 * then the translated title under the headline, or a sentiment dot, or the catalogue's error.
 */
export function HeadlineTools({ title, url, language }: Props) {
  const translate = useTranslateHeadline();
  const sentiment = useHeadlineSentiment();
  const canTranslate = !isEnglish(language);
  const result = sentiment.data;

  return (
    <Box mt={4}>
      <Group gap={6} wrap="nowrap">
        {canTranslate && (
          <Tooltip label="Translate the headline (AI)" withArrow>
            <ActionIcon
              size="sm"
              variant="light"
              color="violet"
              aria-label="Translate the headline"
              loading={translate.isPending}
              onClick={() => translate.mutate({ title, url })}
            >
              <IconLanguage size={14} />
            </ActionIcon>
          </Tooltip>
        )}
        {result ? (
          <Tooltip label={`Sentiment: ${result.sentiment} (${result.score.toFixed(2)})`} withArrow>
            <ColorSwatch
              component="span"
              size={12}
              color={`var(--mantine-color-${sentimentColor(result.sentiment)}-filled)`}
              aria-label={`Sentiment: ${result.sentiment}`}
              role="img"
              withShadow={false}
            />
          </Tooltip>
        ) : (
          <Tooltip label="Headline sentiment (AI)" withArrow>
            <ActionIcon
              size="sm"
              variant="light"
              color="violet"
              aria-label="Headline sentiment"
              loading={sentiment.isPending}
              onClick={() => sentiment.mutate({ title, url })}
            >
              <IconMoodSearch size={14} />
            </ActionIcon>
          </Tooltip>
        )}
        {(translate.isPending || sentiment.isPending) && (
          <Text size="xs" c="dimmed">
            Loading...
          </Text>
        )}
      </Group>
      {translate.data && (
        <Text size="xs" c="dimmed" fs="italic" mt={2} lineClamp={2} lang="en">
          <IconSparkles size={11} style={{ verticalAlign: -1, marginInlineEnd: 4 }} aria-label="AI translation" />
          {translate.data.translation}
        </Text>
      )}
      {translate.isError && <ToolError message={MSG.articles.translateError} detail={detailOf(translate.error)} />}
      {sentiment.isError && <ToolError message={MSG.articles.sentimentError} detail={detailOf(sentiment.error)} />}
    </Box>
  );
}

/** A translation service that is not set up says so; that is worth a tooltip, not a new message. */
function detailOf(err: unknown): string | undefined {
  if (err instanceof ApiError && err.code === 'not_connected') return MSG.articles.translateNotConnected;
  return undefined;
}

function ToolError({ message, detail }: { message: string; detail?: string }) {
  return (
    <Tooltip label={detail} disabled={!detail} multiline w={280} withArrow>
      <Text size="xs" c="red" mt={2}>
        <IconSparkles size={11} style={{ verticalAlign: -1, marginInlineEnd: 4 }} aria-hidden />
        {message}
      </Text>
    </Tooltip>
  );
}
