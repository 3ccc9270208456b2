import { EXAM_CATEGORIES } from '#shared/catalog';
import { OTHER_OPTION } from '#shared/contracts/registration';

/** Select options from a list of plain values (the value is its own label). */
export const asOptions = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value }));

/** The exam categories of the catalog, plus Other (the student types their own). */
export const categoryOptions = [
  ...EXAM_CATEGORIES.map((category) => ({ value: category.id, label: category.label })),
  { value: OTHER_OPTION, label: 'Other' },
];
