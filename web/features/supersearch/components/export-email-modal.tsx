import { useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { emailSchema } from '../../../../common/schemas/auth';
import { FormModalActions } from '../../../components/form-modal-actions';
import { closeThenReset } from '../../../components/modal-reset';

interface Props {
  opened: boolean;
  defaultEmail: string;
  /** A line saying what is exported (the query and the dates). */
  summary: string;
  sending: boolean;
  onClose: () => void;
  /** Resolves when the export is queued; rejects with a field message to show, or anything else to close. */
  onSend: (email: string) => Promise<void>;
}

/** Export the current search by e-mail (001 §5 supersearch/export_csv): the address defaults to the user's. */
export function ExportEmailModal({ opened, defaultEmail, summary, sending, onClose, onSend }: Props) {
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = email ?? defaultEmail;
  const close = () =>
    closeThenReset(onClose, () => {
      setEmail(null);
      setError(null);
    });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = emailSchema.safeParse(value);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MSG.validation.emailInvalid);
      return;
    }
    try {
      await onSend(checked.data);
      close();
    } catch (err) {
      if (err instanceof FieldError) setError(err.message);
      else close();
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Export by e-mail" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Every article of this search is written to a CSV file and sent to the address below. Large exports take a few minutes.
          </Text>
          <Text size="sm" fw={500} dir="auto" style={{ wordBreak: 'break-word' }}>
            {summary}
          </Text>
          <TextInput
            label="Send to"
            type="email"
            required
            leftSection={<IconMail size={16} />}
            value={value}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <FormModalActions onCancel={close} submitLabel="Send export" loading={sending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** A message for the e-mail field (a server error pointing at /to_email). */
export class FieldError extends Error {}
