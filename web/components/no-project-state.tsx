import { Button, EmptyState, Paper } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NO_PROJECT } from '../lib/workspace';

/** Shown by project screens while the organization has no project. */
export function NoProjectState() {
  return (
    <Paper withBorder p="xl">
      <EmptyState
        icon={<IconFolderPlus size={28} />}
        variant="light"
        title="Create your first project"
        description="Coverage, tags and reports live in projects. Create one for a brand to start monitoring."
      >
        <EmptyState.Actions>
          <Button component={Link} to={`/projects/${NO_PROJECT}`}>
            Go to Projects
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
