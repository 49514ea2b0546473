import { Button, Group } from '@mantine/core';

/** Cancel and submit, right-aligned, at the foot of every create/edit modal. */
export function FormModalActions(props: { onCancel: () => void; submitLabel: string; loading?: boolean; disabled?: boolean }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={props.loading} disabled={props.disabled}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}
