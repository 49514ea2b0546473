import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import { MSG } from '../../../common/messages';
import { listDocument, stubFetch, type StubRequest } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { DataTable, type Row } from './data-table';

interface Item {
  name: string;
}

const helper = createColumnHelper<Row<Item>>();
const columns = [helper.accessor('name', { header: 'Name', meta: { sortField: 'name' } })];

const items = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Item ${String(i + 1).padStart(2, '0')}` }));

/** A tiny in-memory `GET items` that pages, searches and filters like the API. */
function serveItems(all = items) {
  return stubFetch((req) => {
    const page = Number(req.url.searchParams.get('page[page]') ?? 1);
    const size = Number(req.url.searchParams.get('page[page_size]') ?? 25);
    const search = req.url.searchParams.get('filter[search]') ?? '';
    const rows = all.filter((r) => r.name.toLowerCase().includes(search.toLowerCase()));
    return { body: listDocument('item', rows.slice((page - 1) * size, page * size), page, size, rows.length) };
  });
}

const lastCall = (calls: StubRequest[]) => calls[calls.length - 1].url.searchParams;

afterEach(() => vi.unstubAllGlobals());

describe('DataTable', () => {
  it('shows the first page and moves with First, previous, next and Last', async () => {
    const calls = serveItems();
    renderWithProviders(<DataTable<Item> path="items" columns={columns} />);

    expect(await screen.findByText('Item 01')).toBeTruthy();
    expect(screen.getByTestId('range').textContent).toBe('1–25 of 60');
    expect(lastCall(calls).get('page[page_size]')).toBe('25');
    expect((screen.getByLabelText('First page') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Previous page') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Next page'));
    expect(await screen.findByText('Item 26')).toBeTruthy();
    expect(lastCall(calls).get('page[page]')).toBe('2');
    expect(screen.getByLabelText('Page 2 of 3').textContent).toBe('2');

    fireEvent.click(screen.getByLabelText('Last page'));
    expect(await screen.findByText('Item 60')).toBeTruthy();
    expect(lastCall(calls).get('page[page]')).toBe('3');
    expect((screen.getByLabelText('Next page') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Last page') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Previous page'));
    expect(await screen.findByText('Item 30')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('First page'));
    expect(await screen.findByText('Item 01')).toBeTruthy();
    expect(lastCall(calls).get('page[page]')).toBe('1');
  });

  it('shows the empty text when nothing matches', async () => {
    serveItems([]);
    renderWithProviders(<DataTable<Item> path="items" columns={columns} />);
    expect(await screen.findByText(MSG.emptyTable)).toBeTruthy();
    expect(screen.getByTestId('range').textContent).toBe('0–0 of 0');
  });

  it('goes back to page 1 and keeps the new size when the page size changes', async () => {
    const calls = serveItems();
    renderWithProviders(<DataTable<Item> path="items" columns={columns} />);
    await screen.findByText('Item 01');
    fireEvent.click(screen.getByLabelText('Next page'));
    await screen.findByText('Item 26');

    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '50' } });

    await waitFor(() => expect(lastCall(calls).get('page[page_size]')).toBe('50'));
    expect(lastCall(calls).get('page[page]')).toBe('1');
    expect(await screen.findByText('Item 50')).toBeTruthy();
    expect(screen.getByTestId('range').textContent).toBe('1–50 of 60');
  });

  it('searches after the debounce, back on page 1 with the same page size', async () => {
    const calls = serveItems();
    renderWithProviders(<DataTable<Item> path="items" columns={columns} />);
    await screen.findByText('Item 01');
    fireEvent.click(screen.getByLabelText('Next page'));
    await screen.findByText('Item 26');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Item 3' } });
    await waitFor(() => expect(lastCall(calls).get('filter[search]')).toBe('Item 3'));
    expect(lastCall(calls).get('page[page]')).toBe('1');
    expect(lastCall(calls).get('page[page_size]')).toBe('25');
    expect(await screen.findByText('Item 30')).toBeTruthy();
  });

  it('checks rows one by one or the whole page, and clears them', async () => {
    serveItems();
    const onBulk = vi.fn();
    renderWithProviders(
      <DataTable<Item>
        path="items"
        columns={columns}
        selectable
        selectionActions={(rows) => (
          <button type="button" onClick={() => onBulk(rows.map((r) => r.id))}>
            Bulk
          </button>
        )}
      />,
    );
    await screen.findByText('Item 01');
    const row = screen.getByText('Item 02').closest('tr')!;
    fireEvent.click(within(row).getByLabelText('Select row'));
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByText('Bulk'));
    expect(onBulk).toHaveBeenCalledWith(['2']);

    fireEvent.click(screen.getByLabelText('Select all rows on this page'));
    expect(screen.getByText('25 selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('asks for archived rows with the Active/Archived toggle', async () => {
    const calls = serveItems();
    renderWithProviders(<DataTable<Item> path="items" columns={columns} archivable />);
    await screen.findByText('Item 01');
    expect(lastCall(calls).get('filter[locked]')).toBe('false');
    fireEvent.click(screen.getByText('Archived'));
    await waitFor(() => expect(lastCall(calls).get('filter[locked]')).toBe('true'));
  });

  it('goes back to page 1 when the page changes its fixed filters', async () => {
    const calls = serveItems();
    const { rerender } = renderWithProviders(<DataTable<Item> path="items" columns={columns} filter={{ project_id: 1 }} />);
    await screen.findByText('Item 01');
    fireEvent.click(screen.getByLabelText('Next page'));
    await screen.findByText('Item 26');
    rerender(<DataTable<Item> path="items" columns={columns} filter={{ project_id: 2 }} />);
    await waitFor(() => expect(lastCall(calls).get('filter[project_id]')).toBe('2'));
    expect(lastCall(calls).get('page[page]')).toBe('1');
  });

  it('sorts on the server when a sortable header is clicked', async () => {
    const calls = serveItems();
    renderWithProviders(<DataTable<Item> path="items" columns={columns} />);
    await screen.findByText('Item 01');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(lastCall(calls).get('sort')).toBe('name'));
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(lastCall(calls).get('sort')).toBe('-name'));
  });

  it('marks each cell for the fitting layout: the headline, the priority and the card label', async () => {
    serveItems();
    const wide = [
      helper.display({ id: 'icon', header: () => <span>Icon</span>, meta: { width: 48, label: false }, cell: () => 'i' }),
      helper.accessor('name', { id: 'code', header: 'Code', meta: { width: 90 } }),
      helper.accessor('name', { header: 'Name', meta: { primary: true } }),
      helper.accessor('name', { id: 'lang', header: 'Language', meta: { width: 100, priority: 3 } }),
    ];
    renderWithProviders(<DataTable<Item> path="items" columns={wide} rowActions={() => [{ label: 'Edit', onClick: () => {} }]} rowLabel={(r) => r.name} />);
    await screen.findAllByText('Item 01');
    const row = screen.getByRole('button', { name: 'Actions for Item 01' }).closest('tr')!;
    const cell = (id: string) => row.querySelector(`td[data-col="${id}"]`)!;
    expect(cell('name').hasAttribute('data-primary')).toBe(true);
    expect(cell('name').hasAttribute('data-label')).toBe(false);
    expect(row.querySelectorAll('td[data-primary]')).toHaveLength(1);
    expect(cell('code').getAttribute('data-label')).toBe('Code');
    expect(cell('lang').getAttribute('data-priority')).toBe('3');
    expect(cell('code').hasAttribute('data-priority')).toBe(false);
    expect(cell('icon').hasAttribute('data-label')).toBe(false);
    expect(cell('actions').hasAttribute('data-label')).toBe(false);
    // The headline takes the free width; the others keep theirs (fixed table layout).
    const header = (id: string) => document.querySelector(`th[data-col="${id}"]`) as HTMLElement;
    expect(header('name').style.width).toBe('');
    expect(header('code').style.width).not.toBe('');
    expect(header('lang').getAttribute('data-priority')).toBe('3');
    // No sideways scroll container any more: the table fits its frame.
    expect(row.closest('.mantine-ScrollArea-root')).toBeNull();
  });

  it('names every column to screen readers, a picture column without a header too (issue 27: no empty table header)', async () => {
    serveItems();
    const pictured = [
      helper.display({ id: 'avatar', header: '', meta: { width: 56, label: false }, cell: () => 'picture' }),
      helper.display({ id: 'media-icon', meta: { width: 48, label: false }, cell: () => 'icon' }),
      helper.display({ id: 'cover', header: '', meta: { width: 56, label: 'Cover image' }, cell: () => 'cover' }),
      ...columns,
    ];
    renderWithProviders(<DataTable<Item> path="items" columns={pictured} />);
    await screen.findByText('Item 01');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent?.trim())).toEqual(['Avatar', 'Media icon', 'Cover image', 'Name']);
    // Named for screen readers only: nothing new on screen.
    for (const name of ['Avatar', 'Media icon', 'Cover image']) expect(screen.getByText(name).closest('.mantine-VisuallyHidden-root')).not.toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Avatar' })).toBeTruthy();
  });

  it('takes the first column with a text header as the headline when none is marked', async () => {
    serveItems();
    renderWithProviders(<DataTable<Item> path="items" columns={columns} selectable />);
    const name = await screen.findByText('Item 01');
    const row = name.closest('tr')!;
    expect(name.closest('td')!.hasAttribute('data-primary')).toBe(true);
    expect(row.querySelector('td[data-col="select"]')!.hasAttribute('data-primary')).toBe(false);
  });
});
