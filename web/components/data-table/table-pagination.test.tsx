import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { TablePagination } from './table-pagination';

const base = { page: 2, pageSize: 25, pageSizeOptions: [10, 25, 50, 100], onPageChange: () => {}, onViewAllChange: () => {} };

describe('the paging bar with the browser’s own rows-per-page list', () => {
  it('names the list, shows the size and changes it', () => {
    const onPageSizeChange = vi.fn();
    renderWithProviders(
      <TablePagination
        {...base}
        meta={{ total_entries: 60, last_page: 3, page_number: 2, page_size: 25 }}
        viewAll={false}
        onPageSizeChange={onPageSizeChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('25');
    expect(Array.from(select.options, (o) => o.text)).toEqual(['10', '25', '50', '100']);
    fireEvent.change(select, { target: { value: '50' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    expect(screen.getByTestId('range').textContent).toBe('26–50 of 60');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });

  it('says All while every row is shown', () => {
    renderWithProviders(
      <TablePagination {...base} page={1} meta={{ total_entries: 60, last_page: 1, page_number: 1, page_size: 60 }} viewAll onPageSizeChange={() => {}} />,
    );
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect(select.selectedOptions[0]?.text).toBe('All');
    expect(screen.getByRole('button', { name: 'View less' })).toBeTruthy();
  });
});
