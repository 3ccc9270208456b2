/** What zod reports (ZodError and the core $ZodError alike). */
type Issues = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

/**
 * One message per field, the first one zod found for it, as the forms show them next to their
 * inputs and the API sends them in `error.fields`. A problem with the whole body is under `form`.
 */
export function fieldErrorsOf(error: Issues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    fields[field] ??= issue.message;
  }
  return fields;
}
