import { Center, Loader } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/session';
import { NO_PROJECT, useProject } from '../../../lib/workspace';
import { SupersearchScreen } from '../components/supersearch-screen';

/**
 * /supersearch/{projectId}: search across every article Coverwatch holds (needs the data feature).
 * `?search=…&from=YYYY-MM-DD&to=YYYY-MM-DD` (the overview's links) fill the form and search once.
 */
export function SupersearchPage() {
  const { projectId } = useParams();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const { project } = useProject(projectId);

  if (!user.data)
    return (
      <>
        <PageHeader title="Super Search" description="Search every article Coverwatch has collected, beyond your own alerts." />
        <Center mih={300}>
          <Loader type="dots" />
        </Center>
      </>
    );
  return <SupersearchScreen user={user.data} projectId={project?.id ?? (projectId && projectId !== NO_PROJECT ? projectId : null)} link={params} />;
}
