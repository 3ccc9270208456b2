import { describe, expect, it } from 'vitest';
import { EXAM_CATEGORIES } from '#shared/catalog';
import { categoryLabel, examTypeOptions, stateOptions } from './filter-options';

describe('the user table’s filter choices', () => {
  it('list every exam type of the catalog once, sorted', () => {
    const values = examTypeOptions.map((option) => option.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toEqual([...values].sort((a, b) => a.localeCompare(b, 'en')));
    for (const category of EXAM_CATEGORIES) {
      for (const examType of category.examTypes) expect(values).toContain(examType);
    }
    expect(values.filter((value) => value === 'Welding Certification')).toHaveLength(1);
  });

  it('list the 50 states', () => {
    expect(stateOptions).toHaveLength(50);
    expect(stateOptions[0]).toEqual({ value: 'Alabama', label: 'Alabama' });
  });

  it('name a category by its label, and a typed one as typed', () => {
    expect(categoryLabel('legal')).toBe('Legal');
    expect(categoryLabel('Maritime')).toBe('Maritime');
  });
});
