import { useState } from 'react';
import { ActionIcon, Button, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconExternalLink, IconFileTypePdf, IconLink } from '@tabler/icons-react';
import { toastError } from '../../../components/toasts';
import { downloadReportPdf } from '../api/reports';
import { publicReportUrl } from '../lib/format';

/** "Download PDF": the server prints the public page with headless Chromium (a few seconds). */
export function DownloadPdfButton({ id, name, isPublic }: { id: string; name: string; isPublic: boolean }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadReportPdf(id, name, isPublic);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button leftSection={<IconFileTypePdf size={18} />} onClick={download} loading={busy} variant="filled">
      Download PDF
    </Button>
  );
}

/** Copies the public link of a report. */
export function CopyLinkButton({ id, variant = 'icon' }: { id: string; variant?: 'icon' | 'button' }) {
  const url = publicReportUrl(id);
  return (
    <CopyButton value={url} timeout={2000}>
      {({ copied, copy }) =>
        variant === 'button' ? (
          <Button
            variant={copied ? 'light' : 'default'}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconLink size={16} />}
            onClick={copy}
          >
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        ) : (
          <Tooltip label={copied ? 'Copied' : 'Copy public link'}>
            <ActionIcon variant="default" size={36} color={copied ? 'teal' : undefined} onClick={copy} aria-label="Copy public link">
              {copied ? <IconCheck size={18} /> : <IconLink size={18} />}
            </ActionIcon>
          </Tooltip>
        )
      }
    </CopyButton>
  );
}

export function OpenPublicButton({ id }: { id: string }) {
  return (
    <Button
      component="a"
      href={`/p/r/${encodeURIComponent(id)}`}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      leftSection={<IconExternalLink size={16} />}
    >
      Public report
    </Button>
  );
}
