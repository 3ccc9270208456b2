import { describe, expect, it } from 'vitest';
import { validRegistration } from '../../../tests/support/accounts';
import {
  firstRegistrationError,
  isoDateAt,
  isValidPhone,
  isValidZipCode,
  REGISTRATION_FIELDS,
  REGISTRATION_MAX_LENGTH,
  REGISTRATION_MESSAGES as M,
  registrationRequestSchema,
  resolveExam,
  validateRegistration,
} from './registration';

const today = '2026-11-22';
const check = (overrides: Parameters<typeof validRegistration>[0]) =>
  validateRegistration(validRegistration({ examDate: '2027-06-15', ...overrides }), today);

describe('validateRegistration', () => {
  it('accepts a complete, valid form', () => {
    expect(check({})).toEqual({});
  });

  it.each([
    ['plainaddress'],
    ['@example.com'],
    ['ada@'],
    ['ada@example'],
    ['ada lovelace@example.com'],
    ['ada@exa mple.com'],
    ['<ada>@example.com'],
  ])('rule 2: refuses the e-mail %j', (email) => {
    expect(check({ email }).email).toBe(M.email);
  });

  it.each([
    ['Short1'],
    ['onlyletters'],
    ['1234567890'],
    ['has space 123'],
    ['émigré12345'],
    ['semi;colon1'],
  ])('rule 3: refuses the password %j', (password) => {
    expect(check({ password }).password).toBe(M.password);
  });

  it('rule 3: accepts the special characters !@#$%^&*', () => {
    expect(check({ password: 'Pass!@#$%^&*1' }).password).toBeUndefined();
  });

  it.each([
    ['+1 (555) 010-2030', true],
    ['5550102030', true],
    ['+4930 1234567', true],
    ['0555 0102030', false],
    ['+0 555', false],
    ['555-CALL-NOW', false],
    ['+12345678901234567', false],
    ['', false],
  ])('rule 4: phone %j is valid: %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });

  it.each([
    ['12207', 'United States', true],
    ['12207-1234', 'United States', true],
    ['1220', 'United States', false],
    ['12207-12', 'United States', false],
    ['SW1A 1AA', 'United Kingdom', true],
    ['10115', 'Germany', true],
    ['AB', 'Germany', false],
    ['12345678901', 'Germany', false],
  ])('rule 5: ZIP %j in %s is valid: %s', (zip, country, valid) => {
    expect(isValidZipCode(zip, country)).toBe(valid);
  });

  it('rule 6: needs both an exam category and type, Other with its text', () => {
    expect(check({ examCategory: '' }).examCategory).toBe(M.exam);
    expect(check({ examType: '' }).examType).toBe(M.exam);
    expect(check({ examType: 'USMLE' }).examType).toBe(M.exam);
    expect(check({ examType: 'other', customExamType: '' }).customExamType).toBe(M.exam);
    expect(check({ examType: 'other', customExamType: 'Bar of Ireland' })).toEqual({});
    expect(
      check({
        examCategory: 'other',
        customExamCategory: 'Aviation',
        examType: '',
        customExamType: '',
      }).customExamType,
    ).toBe(M.exam);
    expect(
      check({
        examCategory: 'other',
        customExamCategory: 'Aviation',
        examType: '',
        customExamType: 'Private pilot',
      }),
    ).toEqual({});
  });

  it('rule 7: the exam date must be strictly after today', () => {
    expect(check({ examDate: today }).examDate).toBe(M.examDateFuture);
    expect(check({ examDate: '2026-11-21' }).examDate).toBe(M.examDateFuture);
    expect(check({ examDate: '2026-11-23' }).examDate).toBeUndefined();
    expect(check({ examDate: '2026-02-30' }).examDate).toBe(M.examDateInvalid);
    expect(check({ examDate: 'tomorrow' }).examDate).toBe(M.examDateInvalid);
    expect(check({ examDate: '' }).examDate).toBe(M.examDateRequired);
    expect(check({ examDate: '2040-01-01' }).examDate).toBe(M.examDateInvalid);
  });

  it('checks the rules in the spec order: the first message is the first broken rule', () => {
    const errors = check({
      examDate: today,
      examCategory: '',
      zipCode: '1',
      phone: 'x',
      password: 'x',
      email: 'x',
      firstName: '',
    });
    expect(Object.values(errors)).toEqual([
      M.email,
      M.password,
      M.phone,
      M.zipCode,
      M.exam,
      M.examDateFuture,
      M.firstNameRequired,
    ]);
    expect(firstRegistrationError(errors)).toBe(M.email);
    expect(firstRegistrationError(check({ examDate: today, phone: 'x' }))).toBe(M.phone);
  });

  it('names: letters and spaces only, in any alphabet', () => {
    expect(check({ firstName: 'Zoë', lastName: 'de la Cruz' })).toEqual({});
    expect(check({ firstName: '李', lastName: 'Åström' })).toEqual({});
    expect(check({ firstName: 'Ada1' }).firstName).toBe(M.name);
    expect(check({ lastName: "O'Brien" }).lastName).toBe(M.name);
    expect(check({ firstName: '<b>Ada</b>' }).firstName).toBe(M.name);
    expect(check({ firstName: 'Robert); DROP TABLE users;--' }).firstName).toBe(M.name);
    expect(check({ firstName: '   ' }).firstName).toBe(M.firstNameRequired);
  });

  it('says so when the e-mail or password is too long, rather than calling it invalid', () => {
    expect(check({ email: `${'a'.repeat(95)}@x.com` }).email).toBe(
      'Email must be at most 100 characters.',
    );
    expect(check({ password: `A1${'b'.repeat(49)}` }).password).toBe(
      'Password must be at most 50 characters.',
    );
  });

  it('every field has its maximum length, with its own message', () => {
    for (const field of REGISTRATION_FIELDS) {
      const max = REGISTRATION_MAX_LENGTH[field];
      const errors = validateRegistration(
        { ...validRegistration(), examDate: '2027-06-15', [field]: 'a'.repeat(max + 1) },
        today,
      );
      expect(errors[field], field).toMatch(new RegExp(`must be at most ${max} characters`));
    }
  });

  it('refuses invisible and control characters instead of storing them', () => {
    for (const sneaky of ['\u0000', '\u202e', '\u200b', '\ufeff', '\u0007']) {
      expect(check({ address: `12 Main${sneaky} St` }).address).toBe(
        'Address contains characters that are not allowed.',
      );
      expect(check({ firstName: `A${sneaky}da` }).firstName).toBe(
        'First name contains characters that are not allowed.',
      );
    }
    expect(check({ city: '<script>alert(1)</script>' }).city).toBe(
      'City contains characters that are not allowed.',
    );
    // Emoji and quotes are ordinary text in an address.
    expect(check({ address: `Flat 2 "Rose" 🌹, O'Neil Rd` })).toEqual({});
  });

  it('asks for the exam state only in the United States', () => {
    expect(check({ examState: '' }).examState).toBe(M.examState);
    expect(check({ examState: 'Narnia' }).examState).toBe(M.examState);
    expect(check({ country: 'Canada', examState: '', zipCode: 'K1A 0B1' })).toEqual({});
  });

  it('refuses countries and education levels that are not on the lists', () => {
    expect(check({ country: 'Atlantis' }).country).toBe(M.country);
    expect(check({ educationLevel: 'PhD in everything' }).educationLevel).toBe(M.educationLevel);
  });
});

describe('resolveExam', () => {
  it('keeps the category id and the typed text for Other', () => {
    expect(
      resolveExam({
        examCategory: 'medical',
        customExamCategory: '',
        examType: 'USMLE',
        customExamType: '',
      }),
    ).toEqual({ category: 'medical', type: 'USMLE' });
    expect(
      resolveExam({
        examCategory: 'other',
        customExamCategory: 'Aviation',
        examType: '',
        customExamType: 'ATPL',
      }),
    ).toEqual({ category: 'Aviation', type: 'ATPL' });
  });
});

describe('registrationRequestSchema', () => {
  it('takes missing fields as empty and refuses non-text values', () => {
    expect(registrationRequestSchema.parse({}).email).toBe('');
    const result = registrationRequestSchema.safeParse({ email: 42 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Email must be text.');
  });
});

describe('isoDateAt', () => {
  it('gives the calendar date in a time zone', () => {
    const now = new Date('2026-11-22T05:00:00Z');
    expect(isoDateAt(now, 0)).toBe('2026-11-22');
    expect(isoDateAt(now, -12 * 60)).toBe('2026-11-21');
    expect(isoDateAt(now, 14 * 60)).toBe('2026-11-22');
  });
});
