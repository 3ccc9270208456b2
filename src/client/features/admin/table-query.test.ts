import { describe, expect, it } from 'vitest';
import { adminFiltersSchema, adminTableQuerySchema } from '#shared/contracts/admin';
import { api } from '../../lib/api';
import { exportHref } from './admin-api';
import {
  DEFAULT_TABLE_STATE,
  nextSort,
  pageCount,
  pagerOf,
  readTableState,
  registrationsParams,
  writeTableState,
} from './table-query';

const read = (query: string) => readTableState(new URLSearchParams(query));

describe('the user table in the address bar', () => {
  it('reads an empty query as the default table', () => {
    expect(read('')).toEqual(DEFAULT_TABLE_STATE);
    expect(writeTableState(DEFAULT_TABLE_STATE).toString()).toBe('');
  });

  it('round-trips every setting', () => {
    const state = {
      search: 'ruth g',
      state: 'New York',
      examType: 'Bar Exam',
      sort: 'examDate' as const,
      order: 'asc' as const,
      page: 3,
      pageSize: 50,
    };
    const query = writeTableState(state).toString();
    expect(query).toBe(
      'search=ruth+g&state=New+York&examType=Bar+Exam&sort=examDate&order=asc&page=3&pageSize=50',
    );
    expect(read(query)).toEqual(state);
  });

  it('leaves defaults out of the address', () => {
    expect(writeTableState({ ...DEFAULT_TABLE_STATE, page: 2 }).toString()).toBe('page=2');
  });

  it('falls back to the default for anything it cannot use', () => {
    expect(read('sort=password&order=up&page=0&pageSize=7')).toEqual(DEFAULT_TABLE_STATE);
    expect(read('page=-2').page).toBe(1);
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=abc').page).toBe(1);
    expect(read('pageSize=100').pageSize).toBe(100);
  });

  it('trims filters and cuts them at the server’s limit', () => {
    expect(read('search=%20%20ada%20').search).toBe('ada');
    expect(read(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });
});

describe('the API addresses', () => {
  const searchParamsOf = (path: string) =>
    Object.fromEntries(new URL(path, 'http://x').searchParams);

  it('spell out every table parameter, and the server accepts them', () => {
    const state = { ...DEFAULT_TABLE_STATE, search: 'a&b', state: 'Texas' };
    const path = api.api.admin.registrations.$path({ query: registrationsParams(state) });
    expect(path).toBe(
      '/api/admin/registrations?search=a%26b&state=Texas&sort=registered&order=desc&page=1&pageSize=25',
    );
    expect(adminTableQuerySchema.parse(searchParamsOf(path))).toEqual({
      search: 'a&b',
      state: 'Texas',
      examType: undefined,
      sort: 'registered',
      order: 'desc',
      page: 1,
      pageSize: 25,
    });
  });

  it('leave the empty filters out of the table query', () => {
    expect(registrationsParams({ ...DEFAULT_TABLE_STATE, page: 3, pageSize: 50 })).toEqual({
      search: undefined,
      state: undefined,
      examType: undefined,
      sort: 'registered',
      order: 'desc',
      page: '3',
      pageSize: '50',
    });
  });

  it('export with the filters only', () => {
    expect(exportHref(DEFAULT_TABLE_STATE)).toBe('/api/admin/registrations.csv');
    const href = exportHref({
      ...DEFAULT_TABLE_STATE,
      examType: 'PE',
      page: 4,
      sort: 'name',
      order: 'asc',
    });
    expect(href).toBe('/api/admin/registrations.csv?examType=PE');
    expect(exportHref({ ...DEFAULT_TABLE_STATE, search: 'o’neil & co', state: 'New York' })).toBe(
      '/api/admin/registrations.csv?search=o%E2%80%99neil+%26+co&state=New+York',
    );
    expect(adminFiltersSchema.parse(searchParamsOf(href))).toEqual({
      search: undefined,
      state: undefined,
      examType: 'PE',
    });
  });
});

describe('sorting and pages', () => {
  it('flips the order of the same column and starts another in its natural order', () => {
    const byName = nextSort({ ...DEFAULT_TABLE_STATE, page: 5 }, 'name');
    expect(byName).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
    expect(nextSort(byName, 'name')).toMatchObject({ sort: 'name', order: 'desc' });
    expect(nextSort(byName, 'registered')).toMatchObject({ sort: 'registered', order: 'desc' });
    expect(nextSort(DEFAULT_TABLE_STATE, 'registered')).toMatchObject({ order: 'asc' });
  });

  it('counts pages, with at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('pages through an exact count', () => {
    const answer = { total: 60, totalCapped: false, pageSize: 25, rows: 10 };
    expect(pagerOf(answer, 3)).toEqual({
      pages: 3,
      pastTheEnd: false,
      first: 51,
      last: 60,
      hasPrevious: true,
      hasNext: false,
      more: '',
    });
    expect(pagerOf({ ...answer, rows: 25 }, 1)).toMatchObject({
      first: 1,
      last: 25,
      hasNext: true,
    });
    expect(pagerOf({ ...answer, rows: 0 }, 9)).toMatchObject({ pastTheEnd: true, first: 0 });
    expect(pagerOf({ total: 0, totalCapped: false, pageSize: 25, rows: 0 }, 1)).toMatchObject({
      pages: 1,
      pastTheEnd: false,
      first: 0,
      last: 0,
      hasNext: false,
    });
  });

  it('treats a capped count as a lower bound', () => {
    const answer = { total: 10_000, totalCapped: true, pageSize: 100, rows: 100 };
    expect(pagerOf(answer, 100)).toMatchObject({ pages: 100, hasNext: true, more: '+' });
    expect(pagerOf(answer, 150)).toMatchObject({
      pages: 150,
      pastTheEnd: false,
      first: 14_901,
      last: 15_000,
    });
    expect(pagerOf({ ...answer, rows: 40 }, 150)).toMatchObject({ hasNext: false });
  });
});
