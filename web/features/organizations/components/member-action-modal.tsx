import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Member, MemberAction } from '../api/organization';

export interface MemberActionModalProps {
  /** The member and what to do to them; null keeps the modal closed. */
  pending: { member: Member; action: MemberAction } | null;
  organizationName: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const COPY: Record<MemberAction, { title: string; confirm: string; color: string; body: (name: string, org: string) => string }> = {
  kick: {
    title: 'Remove from Organization',
    confirm: 'Remove',
    color: 'red',
    body: (name, org) => `${name} will lose access to ${org} and its projects right away.`,
  },
  promote: {
    title: 'Promote to Admin',
    confirm: 'Promote',
    color: 'brand',
    body: (name, org) => `${name} will be able to manage ${org}: its name, logo, members and invitations.`,
  },
};

/** Asks before a member is removed or promoted. */
export function MemberActionModal({ pending, organizationName, loading, onConfirm, onClose }: MemberActionModalProps) {
  // Keeps the last member on screen while the modal fades out.
  const [last, setLast] = useState(pending);
  if (pending && pending !== last) setLast(pending);
  const shown = pending ?? last;
  const copy = shown ? COPY[shown.action] : null;
  return (
    <Modal opened={pending !== null} onClose={onClose} title={copy?.title} size="md">
      {shown && copy && (
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={600}>
              {shown.member.name}{' '}
              <Text span c="dimmed" fw={400}>
                ({shown.member.email})
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              {copy.body(shown.member.name, organizationName)}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Cancel
            </Button>
            <Button color={copy.color} onClick={onConfirm} loading={loading}>
              {copy.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
