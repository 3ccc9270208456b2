import { describe, expect, it } from 'vitest';
import { isValidPassword, PASSWORD_CHECKS, passwordHasOnlyAllowedCharacters } from './password';

const met = (password: string) =>
  PASSWORD_CHECKS.filter((check) => check.test(password)).map((check) => check.label);

describe('password checklist', () => {
  it('lists the spec rules in order', () => {
    expect(PASSWORD_CHECKS.map((check) => check.label)).toEqual([
      'At least 8 characters',
      'At least one letter',
      'At least one number',
    ]);
  });

  it('ticks each rule as it is met', () => {
    expect(met('')).toEqual([]);
    expect(met('a')).toEqual(['At least one letter']);
    expect(met('12345678')).toEqual(['At least 8 characters', 'At least one number']);
    expect(met('abcdefg1')).toHaveLength(3);
  });

  it('meets the requirements only with every rule and allowed characters', () => {
    expect(isValidPassword('abcdefg1')).toBe(true);
    expect(isValidPassword('abc defg1')).toBe(false);
    expect(passwordHasOnlyAllowedCharacters('abc defg1')).toBe(false);
    expect(isValidPassword('A1!@#$%^&*')).toBe(true);
    expect(isValidPassword(`A1${'x'.repeat(48)}`)).toBe(true);
    expect(isValidPassword(`A1${'x'.repeat(49)}`)).toBe(false);
  });
});
