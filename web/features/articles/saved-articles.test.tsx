import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { TagPicker } from '../../components/tag-picker';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { SavedNewArticleModal } from './components/saved-new-article-modal';
import { SavedArticlesPage } from './routes/saved-articles-page';
import { article, PROJECT, renderUi, serve, TAGS, user } from './saved-articles-fixtures';

/** Saved articles: the list, a new article and the tag picker. Imports: saved-articles-import.test.tsx. */

beforeEach(() => {
  tokenStore.set('token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

describe('Saved articles list', () => {
  it('lists the project’s saved articles newest first with the missing-data warning on incomplete rows', async () => {
    const calls = serve((req) =>
      req.url.pathname === '/api/articles'
        ? { body: listDocument('article', [article(1), article(2, { language: 'unknown', title: 'Nebula Quest preview' })], 1, 25) }
        : undefined,
    );
    renderUi(<SavedArticlesPage />);

    // The UMV column appears once GET user answered (similarweb flag): the table is complete then.
    await waitFor(() => expect(screen.getAllByText('5.3M')).toHaveLength(2));
    const complete = screen.getByText('Nebula Quest review 1').closest('tr')!;
    const incomplete = screen.getByText('Nebula Quest preview').closest('tr')!;
    expect(within(complete).queryByLabelText(MSG.articles.missingData)).toBeNull();
    expect(within(incomplete).getByLabelText(MSG.articles.missingData)).toBeTruthy();
    expect(within(complete).getByText('7.4')).toBeTruthy();
    expect(within(complete).getByText('English')).toBeTruthy();
    expect(within(complete).getByText('5.3M')).toBeTruthy();
    expect(within(complete).getByText('Nebula Quest review 1').closest('a')!.getAttribute('target')).toBe('_blank');

    const list = calls.find((c) => c.url.pathname === '/api/articles')!.url.searchParams;
    expect(list.get('filter[project_id]')).toBe(PROJECT);
    expect(list.get('filter[locked]')).toBe('false');
    expect(list.get('sort')).toBe('-date');
    expect(list.get('page[page_size]')).toBe('25');
    // No row selection on this table.
    expect(screen.queryByLabelText('Select all rows on this page')).toBeNull();
  });

  it('starts on the dates of a link (the overview’s saved-coverage figure), and the date filter can be cleared', async () => {
    const calls = serve((req) => (req.url.pathname === '/api/articles' ? { body: listDocument('article', [article(1)], 1, 25) } : undefined));
    renderUi(<SavedArticlesPage />, `/articles/${PROJECT}?date_range=2024-03-01,2024-03-31`);
    await screen.findByText('Nebula Quest review 1');
    const lists = () => calls.filter((c) => c.url.pathname === '/api/articles').map((c) => c.url.searchParams);
    // Every request, the first included, asks for the period.
    for (const q of lists()) {
      expect(q.get('filter[date_range]')).toBe('2024-03-01,2024-03-31');
      expect(q.get('filter[project_id]')).toBe(PROJECT);
      expect(q.get('filter[locked]')).toBe('false');
    }
    const field = screen.getByRole('button', { name: 'Article date' });
    expect(field.textContent).toBe('Mar 1, 2024 – Mar 31, 2024');

    fireEvent.click(screen.getByRole('button', { name: 'Clear the date filter' }));
    await waitFor(() => expect(lists().at(-1)!.has('filter[date_range]')).toBe(false));
    expect(screen.getByRole('button', { name: 'Article date' }).textContent).toBe('Any date');
  });

  it('ignores a date range that is not two days in order', async () => {
    for (const range of ['2024-03-31,2024-03-01', '2024-02-30,2024-03-01', '2024-03-01']) {
      const calls = serve((req) => (req.url.pathname === '/api/articles' ? { body: listDocument('article', [article(1)], 1, 25) } : undefined));
      const view = renderUi(<SavedArticlesPage />, `/articles/${PROJECT}?date_range=${range}`);
      await screen.findByText('Nebula Quest review 1');
      expect(calls.find((c) => c.url.pathname === '/api/articles')!.url.searchParams.has('filter[date_range]'), range).toBe(false);
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('opens a saved article’s analysis page from its row menu when the installation has one', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    serve((req) => {
      if (req.url.pathname === '/api/user') return { body: { ...user, meta: { analysis_url: 'https://analysis.example.test/analyse' } } };
      if (req.url.pathname === '/api/articles') return { body: listDocument('article', [article(8)], 1, 25) };
      return undefined;
    });
    renderUi(<SavedArticlesPage />);
    await screen.findByText('Nebula Quest review 8');
    fireEvent.click(screen.getByLabelText('Actions for Nebula Quest review 8'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Request analysis' }));
    expect(open).toHaveBeenCalledWith(
      `https://analysis.example.test/analyse?url=${encodeURIComponent('https://www.gamespot.com/reviews/nebula-8')}&id=8`,
      '_blank',
      'noopener,noreferrer',
    );
    open.mockRestore();
  });
});

describe('New article', () => {
  it('keeps Save disabled until the link is valid, then saves it and says so', async () => {
    const calls = serve((req) =>
      req.method === 'POST' && req.url.pathname === '/api/articles'
        ? { status: 201, body: { data: { type: 'article', id: '9', attributes: article(9) } } }
        : undefined,
    );
    renderUi(<SavedNewArticleModal opened onClose={() => {}} projectId={PROJECT} initialTagId="3" />);
    await screen.findByDisplayValue('Reviews');

    const input = screen.getByPlaceholderText(/example\.com/);
    const save = () => screen.getByRole('button', { name: 'Save article' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: 'not a link' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'mailto:press@example.com' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'www.ign.com/articles/nebula-quest-review' } });
    expect(save().disabled).toBe(false);

    fireEvent.click(save());
    expect(await screen.findByText(MSG.articles.created)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      data: {
        type: 'article',
        attributes: { url: 'http://www.ign.com/articles/nebula-quest-review' },
        relationships: { tag: { data: { type: 'tag', id: '3' } } },
      },
    });
  });

  it('shows the catalogue’s already-exists message on 422', async () => {
    serve((req) =>
      req.method === 'POST'
        ? {
            status: 422,
            body: {
              errors: [
                {
                  status: '422',
                  code: 'already_exists',
                  title: 'Unprocessable',
                  detail: MSG.articles.alreadyExists,
                  source: { pointer: '/data/attributes/url' },
                },
              ],
            },
          }
        : undefined,
    );
    renderUi(<SavedNewArticleModal opened onClose={() => {}} projectId={PROJECT} initialTagId="3" />);
    await screen.findByDisplayValue('Reviews');
    fireEvent.change(screen.getByPlaceholderText(/example\.com/), { target: { value: 'https://www.ign.com/a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText(MSG.articles.alreadyExists)).toBeTruthy();
  });
});

describe('TagPicker', () => {
  it('offers to create a tag that does not exist yet and selects it', async () => {
    const calls = serve((req) =>
      req.method === 'POST' && req.url.pathname === `/api/projects/${PROJECT}/tags`
        ? { status: 201, body: { data: { type: 'tag', id: '11', attributes: { ...tagAttributes, name: 'Previews' } } } }
        : undefined,
    );
    const { id: _id, ...tagAttributes } = TAGS[0];
    const onChange = vi.fn();
    renderUi(<TagPicker projectId={PROJECT} value={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Tag' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/tags')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/tags')!.url.searchParams.get('filter[locked]')).toBe('false');

    // Mantine treats changes to an unfocused input as autofill: type the way a person does.
    input.focus();
    fireEvent.change(input, { target: { value: 'Rev' } });
    expect(await screen.findByRole('option', { name: 'Reviews' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Interviews' })).toBeNull();
    expect(screen.queryByText(/^Create tag/)).toBeNull(); // under 4 characters

    fireEvent.change(input, { target: { value: 'reviews' } });
    await screen.findByRole('option', { name: 'Reviews' });
    expect(screen.queryByText(/^Create tag/)).toBeNull(); // an existing tag

    fireEvent.change(input, { target: { value: 'Previews' } });
    fireEvent.click(await screen.findByText('Create tag “Previews”'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('11'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ data: { type: 'tag', attributes: { name: 'Previews' } } });
    expect(await screen.findByText(MSG.modal.tagCreated)).toBeTruthy();
  });
});
