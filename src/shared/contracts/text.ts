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
