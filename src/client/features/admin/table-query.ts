import {
  ADMIN_PAGE_SIZES,
  ADMIN_QUERY_MAX,
  ADMIN_SORT_KEYS,
  type AdminFilters,
  type AdminRegistrationPage,
  type AdminSortKey,
} from '#shared/contracts/admin';

/**
 * The user table's state as it lives in the address bar (/admin/dashboard?search=…&page=2), so a
 * reload or Back shows the same rows. Reading is forgiving: a hand-edited or stale value falls
 * back to its default instead of ending in an error. Writing leaves defaults out, so the plain
 * /admin/dashboard is the default table.
 */
export type TableState = {
  search: string;
  state: string;
  examType: string;
  sort: AdminSortKey;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export const DEFAULT_TABLE_STATE: TableState = {
  search: '',
  state: '',
  examType: '',
  sort: 'registered',
  order: 'desc',
  page: 1,
  pageSize: 25,
};

/** Filters longer than the server accepts are cut here: the address bar is not a form. */
const text = (value: string | null) => (value ?? '').trim().slice(0, ADMIN_QUERY_MAX);

function wholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  return Number(value);
}

export function readTableState(params: URLSearchParams): TableState {
  const sort = params.get('sort');
  const order = params.get('order');
  const page = wholeNumber(params.get('page'));
  const pageSize = wholeNumber(params.get('pageSize'));
  return {
    search: text(params.get('search')),
    state: text(params.get('state')),
    examType: text(params.get('examType')),
    sort: (ADMIN_SORT_KEYS as readonly string[]).includes(sort ?? '')
      ? (sort as AdminSortKey)
      : DEFAULT_TABLE_STATE.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_TABLE_STATE.order,
    page: page !== undefined && page >= 1 ? page : DEFAULT_TABLE_STATE.page,
    pageSize:
      pageSize !== undefined && (ADMIN_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : DEFAULT_TABLE_STATE.pageSize,
  };
}

/** The address bar's query for `state`: only what differs from the default, in a fixed order. */
export function writeTableState(state: TableState): URLSearchParams {
  const params = new URLSearchParams();
  const keys = Object.keys(DEFAULT_TABLE_STATE) as (keyof TableState)[];
  for (const key of keys) {
    const value = state[key];
    if (value !== DEFAULT_TABLE_STATE[key] && value !== '') params.set(key, String(value));
  }
  return params;
}

/** The filters only (no sort or page): what the CSV export takes; empty ones are left out. */
export function filtersOf(state: TableState): AdminFilters {
  return {
    search: state.search || undefined,
    state: state.state || undefined,
    examType: state.examType || undefined,
  };
}

/**
 * GET /api/admin/registrations's query, every parameter spelled out (the typed client leaves the
 * empty filters out). Numbers go as text, as a query string carries them.
 */
export function registrationsParams(state: TableState) {
  return {
    ...filtersOf(state),
    sort: state.sort,
    order: state.order,
    page: String(state.page),
    pageSize: String(state.pageSize),
  };
}

/**
 * A click on a column's sort button: the same column flips its order; another column starts in
 * its natural order (A–Z for text, newest first for the registration date).
 */
export function nextSort(state: TableState, key: AdminSortKey): TableState {
  const order =
    state.sort === key
      ? state.order === 'asc'
        ? 'desc'
        : 'asc'
      : key === 'registered'
        ? 'desc'
        : 'asc';
  return { ...state, sort: key, order, page: 1 };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The pager for one answer of the server. A capped count (a search matching more than the server
 * counts) is a lower bound: "10,000+" rows, "400+" pages, and Next stays on while pages are full.
 */
export function pagerOf(
  answer: Pick<AdminRegistrationPage, 'total' | 'totalCapped' | 'pageSize'> & { rows: number },
  page: number,
) {
  const capped = answer.totalCapped;
  const counted = pageCount(answer.total, answer.pageSize);
  const pages = capped ? Math.max(counted, page) : counted;
  const first = answer.rows > 0 ? (page - 1) * answer.pageSize + 1 : 0;
  return {
    pages,
    /** Past the last page there is (an old link, rows removed): the table goes to `pages`. */
    pastTheEnd: !capped && answer.total > 0 && page > pages,
    first,
    last: answer.rows > 0 ? first + answer.rows - 1 : 0,
    hasPrevious: page > 1,
    hasNext: capped ? answer.rows === answer.pageSize : page < pages,
    more: capped ? '+' : '',
  };
}
