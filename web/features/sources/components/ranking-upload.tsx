import { useState } from 'react';
import { Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { RANKING_MAX_BYTES } from '../../../../common/schemas/reach';
import { toastError } from '../../../components/toasts';
import { serverFieldErrors } from '../../../lib/form';
import { rankingFileTooBig, useUploadRanking } from '../api/ranking';
import secondary from '../../../components/secondary-text.module.css';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

/**
 * "Upload a list": a Tranco-format file (`rank,domain` lines, plain or zipped) sent to the
 * server, which imports it in the background. A file the server refuses (too big, not a
 * ranking) is said under the button; the list in use stays.
 */
export function RankingUpload({ busy }: { busy: boolean }) {
  const upload = useUploadRanking();
  const [problem, setProblem] = useState<string | null>(null);

  function send(file: File | null) {
    if (!file) return;
    setProblem(null);
    if (rankingFileTooBig(file)) {
      setProblem(`${file.name} is ${megabytes(file.size)}: a ranking file may be at most ${megabytes(RANKING_MAX_BYTES)}.`);
      return;
    }
    upload.mutate(file, {
      onError: (err) => {
        const field = serverFieldErrors(err).file;
        if (field) setProblem(field);
        else toastError(err);
      },
    });
  }

  return (
    <Stack gap={4} align="flex-end" style={{ flex: '0 0 auto' }}>
      <FileButton onChange={send} accept=".csv,.zip,.txt,text/csv,text/plain,application/zip">
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={upload.isPending} disabled={busy}>
            Upload a list
          </Button>
        )}
      </FileButton>
      {upload.isPending && upload.variables && (
        <Group gap={6} wrap="nowrap" role="status">
          <Loader size={12} />
          <Text size="xs" className={secondary.secondary}>
            Uploading {upload.variables.name} ({megabytes(upload.variables.size)})…
          </Text>
        </Group>
      )}
      {problem && (
        <Text size="sm" className={secondary.danger} role="alert" maw="22rem">
          {problem} Nothing changed: the list in use stays.
        </Text>
      )}
    </Stack>
  );
}
