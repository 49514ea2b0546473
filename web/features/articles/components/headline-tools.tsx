import { ActionIcon, Box, ColorSwatch, Group, Text } from '@mantine/core';
import { IconLanguage, IconMoodSearch, IconSparkles } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { HoverTooltip } from '../../../components/hover-tooltip';
import { ApiError } from '../../../lib/api';
import { sentimentColor, useHeadlineSentiment, useHeadlineToolsStatus, useTranslateHeadline } from '../../ai/api/headline-tools';

interface Props {
  title: string;
  url: string;
  language: string;
}

const isEnglish = (language: string) => language.toLowerCase() === 'en';

/** A stored language the sentiment model cannot read ('unknown' is left to the server's guess). */
function sentimentUnreadable(language: string, readable: string[] | undefined): boolean {
  const l = language.toLowerCase();
  return l !== '' && l !== 'unknown' && !(readable ?? ['en']).includes(l);
}

/**
 * The AI headline tools of a feed row (organizations with ai_headline_tools, 000 §6): translate
 * (only for headlines not in English) and sentiment. Each shows "Loading..." while it runs,
 * then the translated title under the headline, or a sentiment dot, or the catalogue's error.
 * What this server cannot do is said calmly, before a click: translation not configured, or a
 * language the sentiment model does not read (it would answer a confident "neutral").
 */
export function HeadlineTools({ title, url, language }: Props) {
  const translate = useTranslateHeadline();
  const sentiment = useHeadlineSentiment();
  const status = useHeadlineToolsStatus().data;
  const canTranslate = !isEnglish(language);
  const translationOff = status?.translation.available === false;
  const sentimentOff = sentimentUnreadable(language, status?.sentiment.languages);
  const result = sentiment.data;
  const unavailable = result?.available === false || sentimentOff;

  return (
    <Box mt={4}>
      <Group gap={6} wrap="nowrap">
        {canTranslate && (
          <HoverTooltip
            label={translationOff ? (status?.translation.reason ?? MSG.articles.translateNotConnected) : 'Translate the headline (AI)'}
            multiline
            maw={280}
            withArrow
          >
            {/* A disabled button gets no pointer events: the wrapper keeps the reason's tooltip. */}
            <span data-testid="translate-wrapper">
              <ActionIcon
                size="sm"
                variant="light"
                color="violet"
                aria-label="Translate the headline"
                loading={translate.isPending}
                disabled={translationOff}
                onClick={() => translate.mutate({ title, url })}
              >
                <IconLanguage size={14} />
              </ActionIcon>
            </span>
          </HoverTooltip>
        )}
        {result && result.sentiment ? (
          <HoverTooltip label={`Sentiment: ${result.sentiment} (${(result.score ?? 0).toFixed(2)})`} withArrow>
            <ColorSwatch
              component="span"
              size={12}
              color={`var(--mantine-color-${sentimentColor(result.sentiment)}-filled)`}
              aria-label={`Sentiment: ${result.sentiment}`}
              role="img"
              withShadow={false}
            />
          </HoverTooltip>
        ) : unavailable ? (
          <HoverTooltip label={MSG.articles.sentimentUnavailable} withArrow>
            <span data-testid="sentiment-unavailable">
              <ActionIcon size="sm" variant="light" color="gray" aria-label={MSG.articles.sentimentUnavailable} disabled>
                <IconMoodSearch size={14} />
              </ActionIcon>
            </span>
          </HoverTooltip>
        ) : (
          <HoverTooltip label="Headline sentiment (AI)" withArrow>
            <ActionIcon
              size="sm"
              variant="light"
              color="violet"
              aria-label="Headline sentiment"
              loading={sentiment.isPending}
              onClick={() => sentiment.mutate({ title, url, language })}
            >
              <IconMoodSearch size={14} />
            </ActionIcon>
          </HoverTooltip>
        )}
        {(translate.isPending || sentiment.isPending) && (
          <Text size="xs" c="dimmed">
            Loading...
          </Text>
        )}
        {result?.available === false && (
          <Text size="xs" c="dimmed">
            {MSG.articles.sentimentUnavailable}
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
    <HoverTooltip label={detail} disabled={!detail} multiline w={280} withArrow>
      <Text size="xs" c="red" mt={2}>
        <IconSparkles size={11} style={{ verticalAlign: -1, marginInlineEnd: 4 }} aria-hidden />
        {message}
      </Text>
    </HoverTooltip>
  );
}
