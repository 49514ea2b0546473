import dayjs from 'dayjs';
import { formatVisitors } from '../../../../common/media-score';
import type { ArticleAttributes } from '../../../../common/schemas/articles';
import { REPORT_DEFAULT_TEMPLATE, REPORT_TEMPLATE_PLACEHOLDERS, unknownPlaceholders, type ReportTemplatePlaceholder } from '../../../../common/schemas/reports';
import { domainOf } from '../../../../common/url';

/** The row template of a new report (spec 000 §4: table_template default). */
export const DEFAULT_TEMPLATE = REPORT_DEFAULT_TEMPLATE;

/** The placeholders a row template may use (spec: date, domain, full_url, score, tag_name, title, url, website_visits). */
export const TEMPLATE_PLACEHOLDERS = REPORT_TEMPLATE_PLACEHOLDERS;
export type TemplatePlaceholder = ReportTemplatePlaceholder;
export { unknownPlaceholders };

/** Each key optional and nullable: a row renders whatever of it is known. */
type Loose<T> = { [K in keyof T]?: T[K] | null };

/** What a custom-list row is made of: the saved article's fields (as `GET articles` names them). */
export type TemplateArticle = Pick<ArticleAttributes, 'url'> &
  Loose<Pick<ArticleAttributes, 'title' | 'fullUrl' | 'reach' | 'date' | 'media' | 'tag_name' | 'website-visits' | 'muv'>>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Only web links become anchors: a `javascript:` or `data:` URL in an article must not be clickable. */
function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The plain-text value of a placeholder for one article. */
export function placeholderValue(name: TemplatePlaceholder, a: TemplateArticle): string {
  switch (name) {
    case 'title':
      return a.title?.trim() || a.url;
    case 'score':
      return a.reach === null || a.reach === undefined ? '–' : a.reach.toFixed(1);
    case 'date':
      return a.date ? dayjs(a.date).format('MMM D, YYYY') : '–';
    case 'domain':
      return a.media || domainOf(a.url) || '–';
    case 'url':
      return a.url;
    case 'full_url':
      return a.fullUrl || a.url;
    case 'tag_name':
      return a.tag_name || '–';
    case 'website_visits': {
      const visits = a['website-visits'] ?? a.muv;
      return visits === null || visits === undefined ? '–' : formatVisitors(visits);
    }
  }
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z_]+)\s*\}\}/g;

/**
 * Renders a custom-list row as HTML: the template's own text and every value are escaped, so
 * neither the template (typed by a user) nor an article's title can inject markup. {{title}}
 * links to the article when its URL is a web link; an unknown placeholder stays as typed.
 */
export function renderTemplate(template: string, article: TemplateArticle): string {
  let out = '';
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    out += escapeHtml(template.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[1] as TemplatePlaceholder;
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) {
      out += escapeHtml(m[0]);
      continue;
    }
    const value = escapeHtml(placeholderValue(name, article));
    const href = name === 'title' ? safeHref(article.url) : null;
    out += href ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${value}</a>` : value;
  }
  return out + escapeHtml(template.slice(last));
}
