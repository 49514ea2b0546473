import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBroadcast, IconNews, IconTrendingUp, IconUsers } from '@tabler/icons-react';
import { formatVisitors } from '../../../../common/media-score';
import type { ReportTotals } from '../api/types';
import { formatNumber } from '../lib/format';

function TotalCard({ label, value, hint, icon, color }: { label: string; value: string; hint: string; icon: ReactNode; color: string }) {
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs" className="cw-report-avoid-break">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.04em' }}>
            {label}
          </Text>
          <Tooltip label={hint} multiline w={240}>
            <Text fz={30} fw={750} lh={1.2} mt={6} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`total-${label.toLowerCase().replace(/\W+/g, '-')}`}>
              {value}
            </Text>
          </Tooltip>
        </div>
        <ThemeIcon variant="light" color={color} size={42} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The report's key figures: articles, outlets, summed media score and monthly visitors (when known). */
export function TotalsCards({ totals, print = false }: { totals: ReportTotals; print?: boolean }) {
  // Outlets without traffic data count 0: a sum of 0 means nothing is known, not no readers.
  const hasUmv = !!totals.umv && totals.umv > 0;
  return (
    <SimpleGrid cols={print ? (hasUmv ? 4 : 3) : { base: 1, xs: 2, md: hasUmv ? 4 : 3 }} spacing="lg">
      <TotalCard label="Articles" value={formatNumber(totals.articles)} hint="Articles published in the period" icon={<IconNews size={22} />} color="brand" />
      <TotalCard label="Media outlets" value={formatNumber(totals.media)} hint="Distinct outlets that covered it" icon={<IconBroadcast size={22} />} color="violet" />
      <TotalCard label="Total reach" value={formatNumber(totals.reach, 1)} hint="The media scores of every article, added up" icon={<IconTrendingUp size={22} />} color="teal" />
      {hasUmv && (
        <TotalCard label="Monthly visitors" value={formatVisitors(totals.umv)} hint="Unique monthly visitors of the outlets, summed over the articles" icon={<IconUsers size={22} />} color="orange" />
      )}
    </SimpleGrid>
  );
}
