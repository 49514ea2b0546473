import { LIMITS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';

/**
 * The statuses of the "Create a new report" wizard (spec 000 §4): each step is entered in its
 * plain status while its data loads and moves to LOADED when the data is there.
 */
export const WIZARD_STATUSES = ['STEP 0', 'STEP 0 LOADED', 'STEP 1', 'STEP 1 LOADED', 'STEP 2', 'STEP 2 LOADED', 'STEP 3', 'STEP 3 LOADED'] as const;
export type WizardStatus = (typeof WIZARD_STATUSES)[number];
export type WizardStep = 0 | 1 | 2 | 3;

export type WizardEvent =
  /** The current step's data arrived. */
  | { type: 'LOADED' }
  /** The current step's data failed to load: back to the previous step, whose data is intact. */
  | { type: 'FAILED' }
  /** "Filters": saves the form and goes to step 1 (which loads videos, streams and the count). */
  | { type: 'FILTERS' }
  /** "Preview": goes to step 2 (which loads the preview data). */
  | { type: 'PREVIEW' }
  /** "Publish": goes to step 3 (which creates the report). */
  | { type: 'PUBLISH' }
  /** "Back": returns a step; the previous step's data is already there. */
  | { type: 'BACK' };

export const stepOf = (s: WizardStatus): WizardStep => Number(s.split(' ')[1]) as WizardStep;
export const isLoaded = (s: WizardStatus): boolean => s.endsWith('LOADED');
const status = (step: WizardStep, loaded: boolean): WizardStatus => `STEP ${step}${loaded ? ' LOADED' : ''}` as WizardStatus;

/** The transition function: events that make no sense in a status leave it unchanged. */
export function wizardReducer(state: WizardStatus, event: WizardEvent): WizardStatus {
  const step = stepOf(state);
  const loaded = isLoaded(state);
  switch (event.type) {
    case 'LOADED':
      return status(step, true);
    case 'FAILED':
      return step === 0 ? 'STEP 0 LOADED' : status((step - 1) as WizardStep, true);
    case 'FILTERS':
      return step === 0 && loaded ? 'STEP 1' : state;
    case 'PREVIEW':
      return step === 1 && loaded ? 'STEP 2' : state;
    case 'PUBLISH':
      return step === 2 && loaded ? 'STEP 3' : state;
    case 'BACK':
      // A published report cannot be taken back by the wizard (publishing again would make a copy).
      return step === 1 || step === 2 ? status((step - 1) as WizardStep, true) : state;
  }
}

/** Dates are editable only in step 0. */
export const datesEditable = (s: WizardStatus) => stepOf(s) === 0;

/** The count message of step 1 and whether it blocks Preview. */
export function countMessage(count: number | null | undefined): { text: string; blocking: boolean; tone: 'ok' | 'warn' | 'error' } | null {
  if (count === null || count === undefined) return null;
  if (count === 0) return { text: MSG.reports.noArticles, blocking: true, tone: 'warn' };
  if (count > LIMITS.reportMaxArticles) return { text: MSG.reports.tooManyArticles, blocking: true, tone: 'error' };
  return { text: `${count.toLocaleString('en')} ${count === 1 ? 'article' : 'articles'} found with these filters`, blocking: false, tone: 'ok' };
}

export const canGoToFilters = (s: WizardStatus, dates: [unknown, unknown]) => s === 'STEP 0 LOADED' && !!dates[0] && !!dates[1];

/** Preview needs step 1 loaded and a count between 1 and 10000 that matches the current filters. */
export const canPreview = (s: WizardStatus, count: number | null | undefined, counting: boolean) =>
  s === 'STEP 1 LOADED' && !counting && !countMessage(count)?.blocking && count !== null && count !== undefined;

/** The title the report will be published under: one line, at most 127 characters. */
export function cleanTitle(raw: string): string {
  return raw.replace(/[\r\n]+/g, ' ').slice(0, LIMITS.reportName.max);
}

export const TITLE_MIN = LIMITS.reportName.min;
export const TITLE_MAX = LIMITS.reportName.max;

/** Publish is disabled while step 2 is not loaded and for titles shorter than 3 characters (spec 000 §5). */
export const canPublish = (s: WizardStatus, title: string) => s === 'STEP 2 LOADED' && title.trim().length >= TITLE_MIN && title.length <= TITLE_MAX;
