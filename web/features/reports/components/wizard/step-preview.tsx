import { lazy, Suspense, useMemo } from 'react';
import { Alert, Badge, Group, Paper, SegmentedControl, Skeleton, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconInfoCircle, IconStar } from '@tabler/icons-react';
import type { ReportArticle, ReportPreview, ReportStream, ReportVideo } from '../../api/types';
import { WIZARD_ITEMS } from '../../api/reports';
import { TITLE_MAX, TITLE_MIN, cleanTitle } from '../../lib/wizard-machine';
import type { HighlightControl } from '../article-columns';
import { ArticlesSection } from '../articles-section';
import { HighlightCards } from '../highlight-cards';
import { MediaSection } from '../media-section';
import { ReportCharts } from '../report-charts';
import { ReportSection } from '../report-section';
import { TemplateEditor } from '../template-editor';
import { TotalsCards } from '../totals-cards';
import type { ContentValues } from './use-report-wizard';
import type { useHighlights } from './use-highlights';

const DescriptionEditor = lazy(() => import('../description-editor'));

/** What the "Show top creators" switch adds to the published report. */
const CREATORS_HINT = 'A "Top creators" section after the videos and streams: the channels behind them, Twitch by hours watched and YouTube by views.';

/** The title rule's message: one line, 3 to 127 characters (publish stays disabled until then). */
export function titleError(name: string): string | null {
  const n = name.trim().length;
  return n > 0 && n < TITLE_MIN ? `The title needs at least ${TITLE_MIN} characters` : null;
}

/** Step 2: the report as it will be published, with its title, description, sections and highlights to edit. */
export function StepPreview(props: {
  preview: { data: ReportPreview; articles: ReportArticle[] };
  content: ContentValues;
  onContent: (patch: Partial<ContentValues>) => void;
  range: { date_start: string; date_end: string };
  highlights: ReturnType<typeof useHighlights>;
  videos: ReportVideo[];
  streams: ReportStream[];
}) {
  const { preview, content, onContent, highlights } = props;
  const control: HighlightControl = useMemo(
    () => ({ isOn: highlights.isOn, blockedReason: highlights.blockedReason, toggle: (a) => void highlights.toggle(a) }),
    [highlights],
  );
  const count = preview.data.count;

  return (
    <Stack gap={32}>
      <Paper withBorder radius="md" p="xl" shadow="xs">
        <Stack gap="lg">
          <TextInput
            label="Report title"
            description="One line, shown at the top of the report and in the list."
            size="lg"
            value={content.name}
            maxLength={TITLE_MAX}
            onChange={(e) => onContent({ name: cleanTitle(e.currentTarget.value) })}
            error={titleError(content.name)}
            rightSectionWidth={72}
            rightSection={
              <Text size="xs" c="dimmed">
                {content.name.length}/{TITLE_MAX}
              </Text>
            }
            styles={{ input: { fontWeight: 650 } }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Description
            </Text>
            <Text size="xs" c="dimmed" mb={4}>
              Optional: the story of the period in a few lines, shown above the charts.
            </Text>
            <Suspense fallback={<Skeleton height={230} radius="md" />}>
              <DescriptionEditor value={content.descriptionHTML} onChange={(html) => onContent({ descriptionHTML: html })} />
            </Suspense>
          </Stack>
        </Stack>
      </Paper>

      <TotalsCards totals={preview.data.totals} />

      <ReportSection title="Highlights" subtitle="Star up to 20 articles in the table below; the published report shows them as cards, widest reach first.">
        {highlights.cards.length ? (
          <HighlightCards cards={highlights.cards} />
        ) : (
          <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-default-hover)" style={{ borderStyle: 'dashed' }}>
            <Group gap="xs" justify="center">
              <IconStar size={18} color="var(--mantine-color-yellow-6)" />
              <Text size="sm" c="dimmed">
                No highlights yet. Star the coverage you want your client to see first.
              </Text>
            </Group>
          </Paper>
        )}
        <Group gap="xs">
          <Badge variant="light" color="yellow" radius="sm">
            {highlights.items.length} of {highlights.limit} highlights
          </Badge>
          {highlights.blockedReason && highlights.items.length < highlights.limit && (
            <Text size="xs" c="dimmed">
              {highlights.blockedReason}
            </Text>
          )}
        </Group>
      </ReportSection>

      <ReportCharts stats={preview.data.stats} />

      <SectionEditor
        title={content.section1_title}
        subtitle={content.section1_subtitle}
        onChange={(t, s) => onContent({ section1_title: t, section1_subtitle: s })}
        label="Articles section"
      />
      <Stack gap="md">
        <Group justify="space-between">
          <SegmentedControl
            aria-label="Articles layout"
            value={String(content.table_type)}
            onChange={(v) => onContent({ table_type: Number(v) as 0 | 1 })}
            data={[
              { value: '0', label: 'Standard table' },
              { value: '1', label: 'Custom list' },
            ]}
          />
          {count > WIZARD_ITEMS && (
            <Text size="xs" c="dimmed">
              The preview lists the {WIZARD_ITEMS.toLocaleString('en')} most recent articles; the report holds all {count.toLocaleString('en')}.
            </Text>
          )}
        </Group>
        {content.table_type === 1 && (
          <TemplateEditor value={content.table_template} onChange={(t) => onContent({ table_template: t })} articles={preview.articles} />
        )}
        {content.table_type === 1 && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
            Highlights are picked in the standard table: switch back to it to star articles.
          </Alert>
        )}
        <ArticlesSection articles={preview.articles} tableType={content.table_type} template={content.table_template} highlight={control} pageSize={10} />
      </Stack>

      {/* As published: no videos-and-streams section when the period has neither. */}
      {(props.videos.length > 0 || props.streams.length > 0) && (
        <>
          <SectionEditor
            title={content.section2_title}
            subtitle={content.section2_subtitle}
            onChange={(t, s) => onContent({ section2_title: t, section2_subtitle: s })}
            label="Videos and streams section"
          />
          <Stack gap="md">
            {props.videos.length > 0 && <MediaSection kind="videos" items={props.videos} labelled={props.streams.length > 0} />}
            {props.streams.length > 0 && <MediaSection kind="streams" items={props.streams} labelled={props.videos.length > 0} />}
          </Stack>
          <Switch
            label="Show top creators"
            description={CREATORS_HINT}
            checked={content.show_creators}
            onChange={(e) => onContent({ show_creators: e.currentTarget.checked })}
          />
        </>
      )}
      <Switch
        label="Show Steam news and reviews"
        description="The announcements and daily reviews of the project’s Steam games over the report’s period, when it follows any."
        checked={content.show_steam}
        onChange={(e) => onContent({ show_steam: e.currentTarget.checked })}
      />
    </Stack>
  );
}

/** A section's heading as editable text: title and an optional line under it. */
function SectionEditor({
  title,
  subtitle,
  onChange,
  label,
}: {
  title: string;
  subtitle: string;
  onChange: (title: string, subtitle: string) => void;
  label: string;
}) {
  return (
    <Stack gap={6} style={{ borderLeft: '4px solid var(--mantine-primary-color-filled)', paddingLeft: 12 }}>
      <TextInput
        aria-label={`${label} title`}
        variant="unstyled"
        value={title}
        maxLength={TITLE_MAX}
        onChange={(e) => onChange(cleanTitle(e.currentTarget.value), subtitle)}
        placeholder="Section title"
        styles={{ input: { fontSize: 20, fontWeight: 650, height: 32, minHeight: 32 } }}
      />
      <Textarea
        aria-label={`${label} subtitle`}
        variant="unstyled"
        value={subtitle}
        autosize
        minRows={1}
        maxLength={500}
        onChange={(e) => onChange(title, e.currentTarget.value)}
        placeholder="Add a line under the title (optional)"
        styles={{ input: { fontSize: 14, color: 'var(--mantine-color-dimmed)', padding: 0, minHeight: 22 } }}
      />
    </Stack>
  );
}
