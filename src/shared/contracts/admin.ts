import { z } from 'zod';
import type { ExamResult, PaymentStatus, SubscriptionStatus } from '../enums';

/**
 * The admin portal (spec section 2, Admin login and Admin dashboard; decisions.md section 1):
 * its messages, the figures it shows and the query of its user table. Every figure is computed
 * on the server; the browser only formats it.
 */

export const ADMIN_LOGIN_MESSAGES = {
  invalid: 'Invalid admin credentials',
  failed: 'Login failed.',
} as const;

/** The signed-in admin, from GET /api/admin/session (401 anonymous, 403 for a student). */
export type AdminSessionResponse = { admin: { id: string; email: string; name: string } };

/** GET /api/admin/stats/cards: the four cards at the top of the dashboard. Money in cents. */
export type AdminCards = {
  totalUsers: number;
  /** Subscriptions with status active and current_period_end in the future. */
  activeSubscriptions: number;
  monthlyRevenueCents: number;
  totalRevenueCents: number;
};

/**
 * GET /api/admin/stats/revenue: payments made in the last 1, 3 and 12 months (a window starts at
 * exactly that many calendar months before now, inclusive) and in all time. Cents.
 */
export type RevenueBreakdown = {
  monthlyCents: number;
  quarterlyCents: number;
  annualCents: number;
  totalCents: number;
};

/** GET /api/admin/stats/results: reported exam results. */
export type ResultCounts = { pass: number; fail: number };

/** GET /api/admin/stats/exam-types: the five exam types with the most registrations. */
export type TopExamTypes = { examTypes: { examType: string; registrations: number }[] };

export const ADMIN_SORT_KEYS = [
  'registered',
  'name',
  'email',
  'examType',
  'state',
  'examDate',
] as const;
export type AdminSortKey = (typeof ADMIN_SORT_KEYS)[number];

export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The longest search, state and exam type an admin can send (longer is refused, not cut). */
export const ADMIN_QUERY_MAX = 100;

/** Searches shorter than this match the start of a name or e-mail; longer ones match anywhere. */
export const ADMIN_SEARCH_ANYWHERE_FROM = 3;

export const ADMIN_QUERY_MESSAGES = {
  tooLong: `Search and filters can be at most ${ADMIN_QUERY_MAX} characters.`,
  sort: `Sort must be one of ${ADMIN_SORT_KEYS.join(', ')}.`,
  order: 'Order must be asc or desc.',
  page: 'Page must be a whole number from 1.',
  pageSize: `Page size must be one of ${ADMIN_PAGE_SIZES.join(', ')}.`,
} as const;

const optionalFilter = z
  .string()
  .trim()
  .max(ADMIN_QUERY_MAX, { error: ADMIN_QUERY_MESSAGES.tooLong })
  .optional()
  .transform((value) => (value ? value : undefined));

/** The filters of the user table and of its CSV export (query string). */
export const adminFiltersSchema = z.object({
  /** Name or e-mail, case-insensitive. */
  search: optionalFilter,
  /** The exam's US state (exam_registrations.state), exactly. */
  state: optionalFilter,
  /** The exam type, exactly. */
  examType: optionalFilter,
});
export type AdminFilters = Partial<z.output<typeof adminFiltersSchema>>;

/** GET /api/admin/registrations: one page of the user table, filtered and sorted on the server. */
export const adminTableQuerySchema = adminFiltersSchema.extend({
  sort: z.enum(ADMIN_SORT_KEYS, { error: ADMIN_QUERY_MESSAGES.sort }).default('registered'),
  order: z.enum(['asc', 'desc'], { error: ADMIN_QUERY_MESSAGES.order }).default('desc'),
  page: z.coerce
    .number({ error: ADMIN_QUERY_MESSAGES.page })
    .int({ error: ADMIN_QUERY_MESSAGES.page })
    .min(1, { error: ADMIN_QUERY_MESSAGES.page })
    .max(1_000_000, { error: ADMIN_QUERY_MESSAGES.page })
    .default(1),
  pageSize: z.coerce
    .number({ error: ADMIN_QUERY_MESSAGES.pageSize })
    .refine((size) => (ADMIN_PAGE_SIZES as readonly number[]).includes(size), {
      error: ADMIN_QUERY_MESSAGES.pageSize,
    })
    .default(25),
});
export type AdminTableQuery = AdminFilters &
  Omit<z.output<typeof adminTableQuerySchema>, keyof AdminFilters>;

/** One exam registration with its student, latest result and latest subscription. */
export type AdminRegistrationRow = {
  registrationId: string;
  userId: string;
  name: string;
  email: string;
  examCategory: string;
  examType: string;
  /** The exam's US state ('' outside the United States). */
  state: string;
  city: string;
  country: string;
  examDate: string;
  paymentStatus: PaymentStatus;
  registeredAt: string;
  result: { result: ExamResult; reportedAt: string } | null;
  subscription: {
    status: SubscriptionStatus;
    currentPeriodEnd: string;
    amountCents: number;
  } | null;
};

/** A search counts its matches up to this many; past it the table says "10,000+". */
export const ADMIN_COUNT_CAP = 10_000;

export type AdminRegistrationPage = {
  rows: AdminRegistrationRow[];
  /** Rows matching the filters, over all pages (at most ADMIN_COUNT_CAP when totalCapped). */
  total: number;
  /** True when a search matched more than ADMIN_COUNT_CAP rows: total is then a lower bound. */
  totalCapped: boolean;
  page: number;
  pageSize: number;
};

/** The export's file name: StarPrep users on the day it was made (spec section 9). */
export function adminExportFileName(today: Date): string {
  return `starprep-users-${today.toISOString().slice(0, 10)}.csv`;
}

/** Cents to whole dollars and cents, as the admin dashboard shows money (spec: amount / 100). */
export function formatCents(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
