import { describe, expect, it } from 'vitest';
import {
  EMAIL_MESSAGES,
  LOGIN_MESSAGES,
  loginRequestSchema,
  OTP_MESSAGES,
  resendOtpRequestSchema,
  verifyOtpRequestSchema,
} from './auth';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('loginRequestSchema', () => {
  it('strips angle brackets, trims and lower-cases the e-mail', () => {
    expect(loginRequestSchema.parse({ email: ' <Ada@Example.com> ', password: ' <pw1> ' })).toEqual(
      {
        email: 'ada@example.com',
        password: 'pw1',
      },
    );
  });

  it('requires both fields', () => {
    expect(messages(loginRequestSchema.safeParse({ email: ' ', password: '<>' }))).toEqual([
      LOGIN_MESSAGES.emailRequired,
      LOGIN_MESSAGES.passwordRequired,
    ]);
    expect(messages(loginRequestSchema.safeParse({}))).toEqual([
      LOGIN_MESSAGES.emailRequired,
      LOGIN_MESSAGES.passwordRequired,
    ]);
  });

  it('limits the e-mail to 100 and the password to 50 characters', () => {
    expect(
      messages(loginRequestSchema.safeParse({ email: 'a'.repeat(101), password: 'b'.repeat(51) })),
    ).toEqual(['Email must be at most 100 characters.', 'Password must be at most 50 characters.']);
  });
});

describe('verifyOtpRequestSchema', () => {
  it('accepts six digits, spaces around them trimmed', () => {
    expect(verifyOtpRequestSchema.parse({ email: 'A@b.co', otp: ' 012345 ' })).toEqual({
      email: 'a@b.co',
      otp: '012345',
    });
  });

  it.each([['12345'], ['1234567'], ['12a456'], ['１２３４５６']])('refuses %j', (otp) => {
    expect(messages(verifyOtpRequestSchema.safeParse({ email: 'a@b.co', otp }))).toEqual([
      OTP_MESSAGES.invalid,
    ]);
  });

  it('asks for a missing code', () => {
    expect(messages(verifyOtpRequestSchema.safeParse({ email: 'a@b.co', otp: '' }))).toEqual([
      OTP_MESSAGES.required,
    ]);
  });

  it('refuses an address with control characters', () => {
    expect(messages(resendOtpRequestSchema.safeParse({ email: 'a\u0000@b.co' }))).toEqual([
      EMAIL_MESSAGES.invalid,
    ]);
  });
});
