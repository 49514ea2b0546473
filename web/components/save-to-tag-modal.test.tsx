import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '../../common/messages';
import { tokenStore } from '../lib/api';
import { listDocument, stubFetch } from '../testing/fetch-stub';
import { renderWithProviders } from '../testing/render';
import { SaveToTagModal, type SaveToTagModalProps } from './save-to-tag-modal';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
  stubFetch((req) =>
    req.url.pathname === '/api/tags'
      ? { body: listDocument('tag', [{ id: 21, name: 'Launch', project_id: '7', locked: false }], 1, 500) }
      : { status: 404, body: { errors: [] } },
  );
});
afterEach(() => vi.unstubAllGlobals());

function open(props: Partial<SaveToTagModalProps> = {}) {
  const onClose = vi.fn();
  const onSave = vi.fn(props.onSave ?? (() => Promise.resolve()));
  renderWithProviders(
    <SaveToTagModal opened noun={{ one: 'stream', other: 'streams' }} count={1} projectId="7" saving={false} {...props} onClose={onClose} onSave={onSave} />,
  );
  return { onClose, onSave };
}

async function chooseLaunch() {
  fireEvent.click(screen.getByRole('combobox', { name: /Tag/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Launch' }));
}

describe('SaveToTagModal', () => {
  it('names what it saves, one or many, and where it goes', () => {
    open({ count: 3 });
    expect(screen.getByRole('dialog', { name: 'Save 3 streams' })).toBeTruthy();
    expect(screen.getByText("The streams are added to this project's Saved Coverage under the tag you choose.")).toBeTruthy();
  });

  it('asks for a tag before saving', async () => {
    const { onSave } = open();
    expect(screen.getByRole('dialog', { name: 'Save stream' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.articles.tagRequired)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves under the chosen tag and closes', async () => {
    const { onSave, onClose } = open();
    await chooseLaunch();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith('21');
  });

  it('stays open with the tag chosen when the save fails, so that it can be retried', async () => {
    let attempts = 0;
    const { onSave, onClose } = open({ onSave: () => (++attempts === 1 ? Promise.reject(new Error('down')) : Promise.resolve()) });
    await chooseLaunch();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    // Let the rejection settle before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onClose).not.toHaveBeenCalled();
    // Saved again without choosing anew: the tag was kept.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenLastCalledWith('21');
  });
});
