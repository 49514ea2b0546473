import { Button, Group } from '@mantine/core';

/**
 * Cancel and submit, right-aligned, at the foot of every create/edit modal. The submit button
 * submits the surrounding form, or calls `onSubmit` in a modal without one.
 */
export function FormModalActions(props: { onCancel: () => void; submitLabel: string; onSubmit?: () => void; loading?: boolean; disabled?: boolean }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button type={props.onSubmit ? 'button' : 'submit'} onClick={props.onSubmit} loading={props.loading} disabled={props.disabled}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}
