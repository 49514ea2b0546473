/**
 * Business constants and limits from the specification (001 §9, 000 §5), in one place.
 * Where the two documents disagree the stricter rule wins (spec README): project names are
 * 3 to 30 characters even though one label says 50.
 */
export const LIMITS = {
  userName: { min: 2, max: 60 },
  password: { min: 8, max: 256 },
  brandName: { min: 3, max: 50 },
  organizationName: { min: 3, max: 30 },
  // Stricter of "3 to 30" and the label's "3 to 50".
  projectName: { min: 3, max: 30 },
  tagName: { min: 4, max: 60 },
  alertKeywords: { min: 5 },
  feedKeyword: { min: 3 },
  titleMax: 127,
  titleTruncate: 85,
  tooltipUrlTruncate: 75,
  mediaScore: { min: 0.1, max: 10 },
  reportMaxArticles: 10000,
  reportMaxHighlights: 20,
  reportName: { min: 3, max: 127 },
  /** A report's trend is daily up to this many days, weekly beyond. */
  reportDailyTrendMaxDays: 92,
  bulkImportMax: 1000,
  exportIds: 10000,
  exportFilters: 1000000,
  uploadMaxBytes: 5 * 1024 * 1024,
  requestBodyMaxBytes: 1024 * 1024,
} as const;

export const PAGE_SIZES = {
  default: 25,
  options: [12, 25, 50, 100],
  articlesFeedOptions: [10, 25, 50, 100, 250, 500],
  max: 1000,
  /**
   * The last page number a list accepts: far past any real list (a million pages), and small
   * enough that (page - 1) × page size stays an exact integer for OFFSET. Beyond it: 400.
   */
  maxPage: 1_000_000,
  /** Lists that the app loads whole (projects, clients) ask for up to 500 rows. */
  wholeList: 500,
} as const;

export const TIMINGS = {
  toastMs: 5000,
  modalResetMs: 300,
  signupProgressStepMs: 500,
  signupProgressStep: 10,
  signupProgressCap: 90,
  searchDebounceMs: 250,
  refreshRefetchMs: 2000,
} as const;

export const VERSION_LABEL = 'v.1.12.16';

/** Role ids of a membership (spec: 1 Admin, 2 User, else Kicked). */
export const ROLE = { admin: 1, user: 2, kicked: 3 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** Tier ids (spec: 1 Admin, 2 User, 3 Free, 4 Starter, 5 Pro, 6 Agency). */
export const TIER = { admin: 1, user: 2, free: 3, starter: 4, pro: 5, agency: 6 } as const;
export type TierId = (typeof TIER)[keyof typeof TIER];
export const TIER_NAMES: Record<TierId, string> = {
  1: 'Admin',
  2: 'User',
  3: 'Free',
  4: 'Starter',
  5: 'Pro',
  6: 'Agency',
};

export const INVITE_TTL_DAYS = 7;
export const TRIAL_DAYS = 14;
