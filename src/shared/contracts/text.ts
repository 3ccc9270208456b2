/**
 * Character rules every text field shares. Invisible and control characters (NUL, the C0/C1
 * controls, bidirectional overrides such as U+202E, zero-width characters and the BOM) can make
 * a name or an address read differently from what is stored, so they are refused, not stripped.
 */
const FORBIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/u;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_CHARACTERS.test(value);
}

/** The spec's login sanitizing (section 5): angle brackets removed, then trimmed. */
export function stripAngleBrackets(value: string): string {
  return value.replace(/[<>]/g, '').trim();
}

export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters.`;
}

export function notAllowedMessage(label: string): string {
  return `${label} contains characters that are not allowed.`;
}

/**
 * Text PostgreSQL cannot store: NUL (a text value ends there, so the server refuses it) and lone
 * UTF-16 surrogates (half of a pair, such as half an emoji: they have no UTF-8 form, so the
 * driver would silently store U+FFFD instead). With the `u` flag a valid pair is one code point,
 * so only a lone half matches. Every text that reaches the database passes this rule: typed
 * input is refused with UNSTORABLE_TEXT_MESSAGE, text read from an uploaded file is stripped.
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /[\u0000\ud800-\udfff]/u;
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE_ALL = /[\u0000\ud800-\udfff]/gu;

export const UNSTORABLE_TEXT_MESSAGE =
  'This text contains a character that cannot be saved (a NUL character or half of an emoji). Please remove it and try again.';

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** For text nobody typed (a document's extracted text): the unstorable characters removed. */
export function stripUnstorable(value: string): string {
  return value.replace(UNSTORABLE_ALL, '');
}

/**
 * The path of the first text (a string or an object key) in parsed JSON or a query that breaks
 * the rule, or undefined when everything can be stored.
 */
export function findUnstorable(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorable(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = findUnstorable(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
