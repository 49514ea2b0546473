import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Button, Drawer, MantineProvider, Modal, Select, TextInput } from '@mantine/core';
import { theme } from './theme';

/** Where focus lands when a dialog opens: its first field, else its first button — never the close button. */
describe('dialog focus', () => {
  it('opens a form dialog on its first field', async () => {
    render(
      <MantineProvider theme={theme}>
        <Modal opened onClose={() => {}} title="New tag" transitionProps={{ duration: 0 }}>
          <TextInput label="Name" />
          <TextInput label="Colour" />
          <Button>Save</Button>
        </Modal>
      </MantineProvider>,
    );
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('opens on a searchable select without opening its list over the form', async () => {
    render(
      <MantineProvider theme={theme}>
        <Modal opened onClose={() => {}} title="Save to a project" transitionProps={{ duration: 0 }}>
          <Select label="Project" searchable data={['Starfall Launch', 'Nebula Esports']} />
          <Button>Save</Button>
        </Modal>
      </MantineProvider>,
    );
    const project = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(document.activeElement).toBe(project));
    // Give an opening list its chance, then: still closed.
    await new Promise((r) => setTimeout(r, 50));
    expect(project.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a confirmation on its first button', async () => {
    render(
      <MantineProvider theme={theme}>
        <Drawer opened onClose={() => {}} title="Delete the report?" transitionProps={{ duration: 0 }}>
          <p>It cannot be undone.</p>
          <Button variant="default">Cancel</Button>
          <Button color="red">Delete</Button>
        </Drawer>
      </MantineProvider>,
    );
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(screen.getByRole('button', { name: 'Delete' })).not.toBe(document.activeElement);
  });
});
