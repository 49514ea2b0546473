import { useMemo } from 'react';
import { Anchor, Badge, Group, Paper, Progress, Table, Text } from '@mantine/core';
import { IconBrandX, IconCategory, IconUsers } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type Row } from '../../../components/data-table/data-table';
import { LanguageBadge } from '../../../components/language-badge';
import { formatDate } from '../../../lib/dates';
import { WEBSITES_PATH, type WebsiteArticleAttributes, type WebsiteDetail } from '../api/websites';
import { EmptyCard, SectionTitle } from './section';
import { NEEDS_SIMILARWEB } from './website-map';
import tableClasses from '../../../components/data-table/data-table.module.css';
import { FitTable } from '../../../components/data-table/table-parts';

const col = createColumnHelper<Row<WebsiteArticleAttributes>>();

/** The website's articles in the archive, newest first (GET websites/{id}/articles). */
export function WebsiteArticles({ websiteId }: { websiteId: string }) {
  const columns = useMemo(
    () => [
      col.accessor('title', {
        header: 'Title',
        meta: { sortField: 'title', primary: true },
        cell: ({ row }) => (
          <Anchor href={row.original.fullUrl || row.original.url} target="_blank" rel="noopener noreferrer" size="sm" fw={500} dir="auto">
            {row.original.title || row.original.url}
          </Anchor>
        ),
      }),
      col.accessor('pub_date', { header: 'Date', meta: { sortField: 'pub_date', width: 130 }, cell: (c) => formatDate(c.getValue()) }),
      col.accessor('language', { header: 'Language', meta: { width: 120, priority: 3 }, cell: (c) => <LanguageBadge code={c.getValue()} /> }),
      col.accessor('author', {
        header: 'Author',
        meta: { width: 180, priority: 2 },
        cell: (c) => (
          <Text size="sm" truncate="end" title={c.getValue() ?? undefined} dir="auto">
            {c.getValue() ?? '—'}
          </Text>
        ),
      }),
    ],
    [],
  );
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <SectionTitle title="Articles" />
      <DataTable<WebsiteArticleAttributes>
        path={`${WEBSITES_PATH}/${websiteId}/articles`}
        columns={columns}
        defaultSort="-pub_date"
        pageSizeOptions={[25, 50, 100, 500]}
        exportName="website-articles"
        searchPlaceholder="Search titles"
      />
    </Paper>
  );
}

/** Topic categories with their 0–1 score shown as a percent (000 §2); empty, it says why. */
export function WebsiteCategories({ categories, trafficConnected }: { categories: WebsiteDetail['website']['categories']; trafficConnected: boolean }) {
  const rows = [...categories].sort((a, b) => b.score - a.score);
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <SectionTitle title="Categories" />
      {rows.length === 0 ? (
        <EmptyCard icon={<IconCategory size={26} />} text={trafficConnected ? 'No categories are known for this website yet.' : NEEDS_SIMILARWEB} />
      ) : (
        <FitTable>
          <Table verticalSpacing="xs" aria-label="Categories" className={tableClasses.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th data-primary>Category</Table.Th>
                <Table.Th w={110}>Month</Table.Th>
                <Table.Th w={200}>Score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={`${c.category}-${c.month}`}>
                  <Table.Td data-primary>{c.category}</Table.Td>
                  <Table.Td data-label="Month">{c.month}</Table.Td>
                  <Table.Td data-label="Score">
                    <Group gap="xs" wrap="nowrap" style={{ flex: 1 }}>
                      <Progress value={c.score * 100} size="sm" style={{ flex: 1 }} aria-hidden />
                      <Text size="sm" w={52} ta="right">
                        {`${Math.round(c.score * 1000) / 10}%`}
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </FitTable>
      )}
    </Paper>
  );
}

/** Twitter accounts of the website, or the empty state. */
export function SocialAccounts({ accounts }: { accounts: WebsiteDetail['accounts'] }) {
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs" h="100%">
      <SectionTitle title="Social accounts" />
      {accounts.length === 0 ? (
        <EmptyCard icon={<IconBrandX size={26} />} text="No social accounts are linked to this website." />
      ) : (
        <Group gap="xs">
          {accounts.map((a) => (
            <Badge
              key={a.id}
              component="a"
              href={`https://x.com/${a.username}`}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<IconBrandX size={12} />}
              style={{ cursor: 'pointer', textTransform: 'none' }}
            >
              @{a.username}
            </Badge>
          ))}
        </Group>
      )}
    </Paper>
  );
}

/** Authors seen in the website's articles, or the empty state. */
export function Authors({ authors }: { authors: WebsiteDetail['authors'] }) {
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs" h="100%">
      <SectionTitle title="Authors" />
      {authors.length === 0 ? (
        <EmptyCard icon={<IconUsers size={26} />} text="No authors have been found in this website's articles yet." />
      ) : (
        <Group gap="xs">
          {authors.slice(0, 60).map((a) => (
            <Badge
              key={a.id}
              variant="default"
              style={{ textTransform: 'none' }}
              rightSection={
                <Text span size="xs" c="dimmed">
                  {a['articles-count']}
                </Text>
              }
            >
              {a.author}
            </Badge>
          ))}
        </Group>
      )}
    </Paper>
  );
}
