import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { IconWorldWww } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { CrawlerStatusPanel } from '../components/crawler-status';
import { LIST_VIEW, useViewParam } from '../components/use-websites-params';
import { WebsitesTable } from '../components/websites-table';

/** A further tab of the Websites screen, composed by the app (the source packs, the suggestions). */
export interface WebsitesView {
  value: string;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * /websites: the media sites Coverwatch monitors (admins of the platform operator), with the
 * crawler's state above them; `views` adds tabs beside the list (`?view=` names the one shown).
 */
export function WebsitesPage({ views = [] }: { views?: readonly WebsitesView[] }) {
  const [view, setView] = useViewParam(views.map((v) => v.value));
  return (
    <>
      <PageHeader
        title="Websites"
        description="The media sites and feeds Coverwatch monitors, with their media score and feed health."
        icon={<IconWorldWww size={26} />}
      />
      <CrawlerStatusPanel />
      {views.length === 0 ? (
        <WebsitesTable />
      ) : (
        <Tabs value={view} onChange={(v) => v && setView(v)} keepMounted={false}>
          {/* One row on a phone too: the tabs share it instead of wrapping under each other. */}
          <Tabs.List mb="md" grow style={{ flexWrap: 'nowrap' }}>
            <Tabs.Tab value={LIST_VIEW} px="xs">
              Websites
            </Tabs.Tab>
            {views.map((v) => (
              <Tabs.Tab key={v.value} value={v.value} px="xs">
                {v.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={LIST_VIEW}>
            <WebsitesTable />
          </Tabs.Panel>
          {views.map((v) => (
            <Tabs.Panel key={v.value} value={v.value}>
              {v.panel}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </>
  );
}
