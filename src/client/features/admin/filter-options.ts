import { EXAM_CATEGORIES, US_STATES } from '#shared/catalog';

/** The state filter's choices: the US states of the catalog (exam_registrations.state). */
export const stateOptions = US_STATES.map((state) => ({ value: state, label: state }));

/** Every exam type of the catalog once (some belong to two categories), A to Z. */
export const examTypeOptions = [
  ...new Set(EXAM_CATEGORIES.flatMap((category) => category.examTypes as readonly string[])),
]
  .sort((a, b) => a.localeCompare(b, 'en'))
  .map((examType) => ({ value: examType, label: examType }));

/** A category id as its label ("legal" → "Legal"); a student's own category as typed. */
export function categoryLabel(examCategory: string): string {
  return EXAM_CATEGORIES.find((category) => category.id === examCategory)?.label ?? examCategory;
}
