import { FIELD_MAX, PASSWORD_SPECIAL_CHARACTERS } from '../limits';

/** The live checklist under the password field (spec section 2), in the spec's order. */
export const PASSWORD_CHECKS = [
  { id: 'length', label: 'At least 8 characters', test: (value: string) => value.length >= 8 },
  { id: 'letter', label: 'At least one letter', test: (value: string) => /[A-Za-z]/.test(value) },
  { id: 'number', label: 'At least one number', test: (value: string) => /\d/.test(value) },
] as const;

export const PASSWORD_MEETS_REQUIREMENTS = 'Password meets requirements';

/** Spec rule 3 also limits the characters; the checklist names it only when it is broken. */
export const PASSWORD_CHARACTERS_LABEL = `Only letters, numbers and ${PASSWORD_SPECIAL_CHARACTERS}`;
const ALLOWED_CHARACTERS = /^[A-Za-z\d!@#$%^&*]*$/;

export function passwordHasOnlyAllowedCharacters(value: string): boolean {
  return ALLOWED_CHARACTERS.test(value);
}

/** Spec rule 3: at least 8 characters, a letter and a digit, only letters, digits and !@#$%^&*. */
export function isValidPassword(value: string): boolean {
  return (
    value.length <= FIELD_MAX.password &&
    passwordHasOnlyAllowedCharacters(value) &&
    PASSWORD_CHECKS.every((check) => check.test(value))
  );
}
