import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, SearchX, UsersRound, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ADMIN_PAGE_SIZES,
  ADMIN_QUERY_MAX,
  ADMIN_SEARCH_ANYWHERE_FROM,
  type AdminSortKey,
} from '#shared/contracts/admin';
import { Button } from '../../components/ui/button';
import { buttonVariants } from '../../components/ui/button-styles';
import { Card } from '../../components/ui/card';
import { controlStyles, SelectField, TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { exportHref, registrationsQuery } from './admin-api';
import { formatCount } from './figures';
import { examTypeOptions, stateOptions } from './filter-options';
import { LoadError } from './query-panel';
import { RegistrationsTable } from './registrations-table';
import { nextSort, pagerOf, readTableState, type TableState, writeTableState } from './table-query';

const SEARCH_DELAY_MS = 300;

const sortChoices: { key: AdminSortKey; asc: string; desc: string }[] = [
  { key: 'registered', desc: 'Newest first', asc: 'Oldest first' },
  { key: 'name', asc: 'Name, A–Z', desc: 'Name, Z–A' },
  { key: 'email', asc: 'E-mail, A–Z', desc: 'E-mail, Z–A' },
  { key: 'examType', asc: 'Exam type, A–Z', desc: 'Exam type, Z–A' },
  { key: 'state', asc: 'State, A–Z', desc: 'State, Z–A' },
  { key: 'examDate', asc: 'Exam date, soonest', desc: 'Exam date, latest' },
];
const sortOptions = sortChoices.flatMap(({ key, asc, desc }) =>
  key === 'registered'
    ? [
        { value: `${key}:desc`, label: desc },
        { value: `${key}:asc`, label: asc },
      ]
    : [
        { value: `${key}:asc`, label: asc },
        { value: `${key}:desc`, label: desc },
      ],
);

/**
 * The user table (spec section 2): search, state and exam-type filters, Export CSV, the rows and
 * the pages. Filtering, sorting and paging happen on the server; their state lives in the address
 * bar, so a reload or Back shows the same rows.
 */
export function UsersPanel() {
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readTableState(searchParams);
  const registrations = useQuery(registrationsQuery(state));

  const show = (next: TableState, { replace = false } = {}) =>
    setSearchParams(writeTableState(next), { replace, preventScrollReset: true });

  // The search box types freely; the table follows 300 ms after the last key, from page 1.
  const [searchInput, setSearchInput] = useState(state.search);
  const [shownSearch, setShownSearch] = useState(state.search);
  if (state.search !== shownSearch) {
    // The address changed under the box (Back, a link): the box follows it.
    setShownSearch(state.search);
    if (searchInput.trim() !== state.search) setSearchInput(state.search);
  }
  const typedSearch = searchInput.trim().slice(0, ADMIN_QUERY_MAX);
  const address = searchParams.toString();
  useEffect(() => {
    if (typedSearch === state.search) return;
    const timer = window.setTimeout(
      () => show({ ...state, search: typedSearch, page: 1 }, { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
    // `state` and `show` are new objects on every render but follow `address`: a filter changed
    // while the timer ran restarts it, so the search never writes back an old filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typedSearch, address]);

  const data = registrations.data;
  const pager = data ? pagerOf({ ...data, rows: data.rows.length }, state.page) : undefined;

  // A page past the end (rows were removed, or an old link): go to the last page there is.
  const pastTheEnd = pager?.pastTheEnd === true;
  const lastPage = pager?.pages ?? 1;
  useEffect(() => {
    if (pastTheEnd) show({ ...state, page: lastPage }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd, lastPage]);

  const filtered = Boolean(state.search || state.state || state.examType);
  const clearFilters = () => {
    setSearchInput('');
    show({ ...state, search: '', state: '', examType: '', page: 1 });
  };

  return (
    <Card className="min-w-0">
      <section aria-labelledby={headingId} className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
            <UsersRound className="h-5 w-5 text-accent" aria-hidden="true" />
            Users
          </h2>
          <a
            // What the box says, even in the 300 ms before the table follows it.
            href={exportHref({ ...state, search: typedSearch })}
            download
            className={`${buttonVariants.secondary} px-4 py-2 text-sm`}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Export CSV
          </a>
        </div>

        <div
          role="search"
          aria-label="Filter users"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]"
        >
          <TextField
            id="admin-search"
            label="Search"
            type="search"
            placeholder="Name or e-mail"
            hint={`Under ${ADMIN_SEARCH_ANYWHERE_FROM} characters, matches the start only.`}
            autoComplete="off"
            maxLength={ADMIN_QUERY_MAX}
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
          />
          <SelectField
            id="admin-state"
            label="State"
            placeholder="All states"
            options={stateOptions}
            value={state.state}
            onChange={(event) => show({ ...state, state: event.target.value, page: 1 })}
          />
          <SelectField
            id="admin-exam-type"
            label="Exam type"
            placeholder="All exam types"
            options={examTypeOptions}
            value={state.examType}
            onChange={(event) => show({ ...state, examType: event.target.value, page: 1 })}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="admin-sort" className="text-sm font-medium">
              Sort by
            </label>
            <select
              id="admin-sort"
              className={controlStyles}
              value={`${state.sort}:${state.order}`}
              onChange={(event) => {
                const [sort, order] = event.target.value.split(':') as [
                  AdminSortKey,
                  'asc' | 'desc',
                ];
                show({ ...state, sort, order, page: 1 });
              }}
            >
              {sortOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>

        {data === undefined || pager === undefined ? (
          registrations.isError ? (
            <LoadError
              error={registrations.error}
              fallback="Could not load the users. Please try again."
              onRetry={() => void registrations.refetch()}
            />
          ) : (
            <div className="flex justify-center py-16">
              <Spinner label="Loading users..." />
            </div>
          )
        ) : (
          <>
            {registrations.isError && (
              <LoadError
                error={registrations.error}
                fallback="Could not load the users. Please try again."
                onRetry={() => void registrations.refetch()}
              />
            )}
            <ResultsSummary pager={pager} total={data.total} loading={registrations.isFetching} />
            {data.rows.length === 0 && !pastTheEnd ? (
              <EmptyResult filtered={filtered} onClear={clearFilters} />
            ) : (
              <>
                <p className="-mb-2 text-xs text-ink-muted lg:hidden">
                  Scroll the table sideways to see every column.
                </p>
                <RegistrationsTable
                  rows={data.rows}
                  state={state}
                  busy={registrations.isPlaceholderData}
                  onSort={(key) => show(nextSort(state, key))}
                />
              </>
            )}
            <Pagination
              state={state}
              pager={pager}
              onPage={(page) => show({ ...state, page })}
              onPageSize={(pageSize) => show({ ...state, pageSize, page: 1 })}
            />
          </>
        )}
      </section>
    </Card>
  );
}

type Pager = ReturnType<typeof pagerOf>;

function ResultsSummary({
  pager,
  total,
  loading,
}: {
  pager: Pager;
  total: number;
  loading: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-ink-muted">
      <p role="status" className="tabular-nums">
        {pager.last === 0
          ? 'Showing 0 users'
          : `Showing ${formatCount(pager.first)}–${formatCount(pager.last)} of ${formatCount(total)}${pager.more}`}
      </p>
      {loading && <Spinner label="Updating..." />}
    </div>
  );
}

function EmptyResult({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-[var(--radius-control)] border border-dashed border-white/20 px-6 py-12 text-center">
      <SearchX className="h-8 w-8 text-accent" aria-hidden="true" />
      <p className="font-medium">
        {filtered ? 'No users match these filters.' : 'No users have registered yet.'}
      </p>
      {filtered && (
        <Button variant="secondary" className="px-4 py-2 text-sm" onClick={onClear}>
          <X className="h-4 w-4" aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </div>
  );
}

function Pagination({
  state,
  pager,
  onPage,
  onPageSize,
}: {
  state: TableState;
  pager: Pager;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const page = pager.pastTheEnd ? pager.pages : state.page;
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-sm"
    >
      <div className="flex items-center gap-2">
        <label htmlFor="admin-page-size" className="whitespace-nowrap text-ink-muted">
          Rows per page
        </label>
        <select
          id="admin-page-size"
          className={`${controlStyles} w-auto py-1.5`}
          value={state.pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {ADMIN_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-sm"
          disabled={!pager.hasPrevious}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Previous</span>
        </Button>
        <span className="whitespace-nowrap px-1 tabular-nums">
          Page {formatCount(page)} of {formatCount(pager.pages)}
          {pager.more}
        </span>
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-sm"
          disabled={!pager.hasNext}
          onClick={() => onPage(page + 1)}
        >
          <span className="sr-only sm:not-sr-only">Next</span>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
