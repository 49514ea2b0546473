import { Fragment, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Card, EmptyState, Group, Modal, Pagination, Paper, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconMailForward, IconMailOpened } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { useMailOutbox, type MailStatus, type OutboxMail } from '../../mail/api/mail-outbox';
import { CardTitle } from './card-title';
import tableClasses from '../../../components/data-table/data-table.module.css';
import { FitTable } from '../../../components/data-table/table-parts';
import { formatDateTime } from '../../../lib/dates';

const PAGE_SIZE = 10;

const STATUS: Record<MailStatus, { label: string; color: string; hint: string }> = {
  queued: { label: 'Queued', color: 'blue', hint: 'Waiting to be sent' },
  sent: { label: 'Sent', color: 'teal', hint: 'Accepted by the mail server' },
  kept: { label: 'Kept', color: 'gray', hint: 'No mail server is configured (SMTP_URL): the message is kept here' },
  failed: { label: 'Failed', color: 'red', hint: 'The mail server refused it' },
};

type Mail = OutboxMail & { id: string };

export function StatusBadge({ status }: { status: string }) {
  const s = STATUS[status as MailStatus] ?? { label: status, color: 'gray', hint: status };
  return (
    <Tooltip label={s.hint} withinPortal>
      <Badge variant="light" color={s.color} size="sm">
        {s.label}
      </Badge>
    </Tooltip>
  );
}

// A URL ends before whitespace or a closing quote/bracket; a trailing full stop or comma is prose.
const URL_PATTERN = /(https?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:!?])/g;

/** The plain-text body with its http(s) links clickable. */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i): ReactNode =>
        i % 2 === 1 ? (
          <Anchor key={i} href={part} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
            {part}
          </Anchor>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function MailModal({ mail, onClose }: { mail: Mail | null; onClose: () => void }) {
  return (
    <Modal opened={mail !== null} onClose={onClose} title={mail?.subject} size="lg" centered>
      {mail && (
        <Stack gap="md">
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={64}>
                To
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {mail.to}
              </Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={64}>
                Status
              </Text>
              <StatusBadge status={mail.status} />
              <Text size="xs" c="dimmed">
                {mail['sent-at'] ? `sent ${formatDateTime(mail['sent-at'])}` : `created ${formatDateTime(mail['inserted-at'])}`}
                {mail.attempts > 1 ? ` · ${mail.attempts} attempts` : ''}
              </Text>
            </Group>
          </Stack>
          {mail.status === 'kept' && (
            <Text size="sm" c="dimmed">
              Not sent: no mail server is configured on this Coverwatch server, so the message is kept here.
            </Text>
          )}
          {mail.last_error && (
            <Alert variant="light" color={mail.status === 'failed' ? 'red' : 'yellow'} icon={<IconAlertTriangle size={16} />} title="Mail server answer">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {mail.last_error}
              </Text>
            </Alert>
          )}
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="mail-body">
              <LinkedText text={mail.text_body} />
            </Text>
          </Paper>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * "E-mail outbox" (admins and the platform operator): what Coverwatch sent, or keeps when no
 * SMTP server is configured, for the organization. A row opens the message.
 */
export function MailOutboxCard() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Mail | null>(null);
  const outbox = useMailOutbox(page, PAGE_SIZE);
  const rows = outbox.data?.rows ?? [];
  const lastPage = outbox.data?.meta.last_page ?? 1;

  let content: ReactNode;
  if (outbox.isPending) {
    content = (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={28} radius="sm" />
        ))}
      </Stack>
    );
  } else if (outbox.isError) {
    content = (
      <Text size="sm" c="red">
        {outbox.error instanceof Error && outbox.error.message ? outbox.error.message : MSG.networkFail}
      </Text>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState size="sm" variant="light" icon={<IconMailOpened size={22} />} title="No e-mail yet" description="Exports sent by e-mail are listed here." />
    );
  } else {
    content = (
      <FitTable>
        <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" fz="sm" className={tableClasses.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={200}>To</Table.Th>
              <Table.Th data-primary>Subject</Table.Th>
              <Table.Th w={110}>Status</Table.Th>
              <Table.Th w={150}>Date</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr
                key={m.id}
                style={{ cursor: 'pointer' }}
                tabIndex={0}
                aria-label={`Open e-mail ${m.subject}`}
                onClick={() => setOpen(m)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    setOpen(m);
                  }
                }}
              >
                <Table.Td data-label="To" dir="ltr" title={m.to} style={{ textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {m.to}
                </Table.Td>
                <Table.Td data-primary>
                  <Text size="sm" lineClamp={1} dir="auto" title={m.subject}>
                    {m.subject}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Status">
                  <StatusBadge status={m.status} />
                </Table.Td>
                <Table.Td data-label="Date" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(m['sent-at'] ?? m['inserted-at'])}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </FitTable>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Stack gap="lg">
        <CardTitle
          icon={<IconMailForward size={18} />}
          title="E-mail outbox"
          description="Messages sent for your organization, such as exports. Without a mail server they are kept here."
        />
        {content}
        {lastPage > 1 && (
          <Group justify="flex-end">
            <Pagination size="sm" total={lastPage} value={page} onChange={setPage} aria-label="Outbox pages" />
          </Group>
        )}
      </Stack>
      <MailModal mail={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
