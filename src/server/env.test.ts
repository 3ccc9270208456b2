import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';
import { fakeStripeKey, fakeWebhookSecret } from '../../tests/support/fake-secrets';

describe('parseEnv', () => {
  it('gives the embedded defaults on an empty environment', () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      TRANSLATE_WIDGET: true,
      MAIL_FROM: 'StarPrep <no-reply@starprep.local>',
      TRUST_PROXY: false,
      STRIPE_AUTOMATIC_TAX: false,
    });
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '  ' }).PORT).toBe(3000);
  });

  it('reads on/off switches', () => {
    expect(parseEnv({ TRANSLATE_WIDGET: 'off' }).TRANSLATE_WIDGET).toBe(false);
    expect(parseEnv({ TRANSLATE_WIDGET: 'true' }).TRANSLATE_WIDGET).toBe(true);
  });

  it('names each bad variable on its own line', () => {
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', TRANSLATE_WIDGET: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems).toEqual([
        'PORT must be a whole number from 1 to 65535 (got "abc")',
        'DATABASE_URL must be a postgres:// or postgresql:// URL',
        'TRANSLATE_WIDGET must be on or off (got "maybe")',
      ]);
    }
  });

  it('rejects ports out of range', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT must be a whole number/);
    expect(() => parseEnv({ PORT: '0' })).toThrow(/PORT/);
  });
});

describe('parseEnv secrets', () => {
  it('never echoes a connection URL, which may hold a password', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://admin:hunter2@db/x' })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/,
    );
  });

  it('never echoes a secret, and asks for one in production', () => {
    expect(() => parseEnv({ AUTH_SECRET: 'short-but-secret' })).toThrow(
      /^Invalid configuration: AUTH_SECRET must be at least 32 characters$/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET must be set in production/,
    );
    const secret = 'x'.repeat(32);
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: secret,
      PUBLIC_URL: 'https://starprep.example',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      STRIPE_SECRET_KEY: fakeStripeKey('live'),
      STRIPE_WEBHOOK_SECRET: fakeWebhookSecret(),
    };
    expect(parseEnv(production).AUTH_SECRET).toBe(secret);
  });

  it('asks a production deployment for its address and a mail server', () => {
    try {
      parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).problems).toEqual([
        'PUBLIC_URL must be set in production (the address students open, e.g. https://starprep.example.com)',
        'SMTP_URL must be set in production (the outbox only keeps mails on this machine)',
        'STRIPE_SECRET_KEY must be set in production (the test checkout takes test cards)',
      ]);
    }
  });

  it('checks the mail, Redis and public URLs', () => {
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => parseEnv({ REDIS_URL: 'mysql://x' })).toThrow(/REDIS_URL must be a redis/);
    expect(() => parseEnv({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL must be an http/);
    expect(parseEnv({ PUBLIC_URL: 'https://starprep.example/' }).PUBLIC_URL).toBe(
      'https://starprep.example',
    );
  });

  it('asks for the webhook secret together with a Stripe key, and never echoes either', () => {
    const key = fakeStripeKey();
    expect(() => parseEnv({ STRIPE_SECRET_KEY: key })).toThrow(
      /STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_live_oops_public' })).toThrow(
      /^Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key \(sk_test_… or sk_live_…\)$/m,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_live_oops_public' })).not.toThrow(/pk_live/);
    expect(
      parseEnv({
        STRIPE_SECRET_KEY: key,
        STRIPE_WEBHOOK_SECRET: fakeWebhookSecret(),
      }).STRIPE_SECRET_KEY,
    ).toBe(key);
  });
});

describe('parseEnv admin account', () => {
  it('takes ADMIN_EMAIL and ADMIN_PASSWORD only together, never echoing the password', () => {
    expect(() => parseEnv({ ADMIN_EMAIL: 'boss@example.com' })).toThrow(
      'ADMIN_PASSWORD must be set together with the other of ADMIN_EMAIL and ADMIN_PASSWORD',
    );
    expect(() => parseEnv({ ADMIN_PASSWORD: 'Long-Enough-Pass-1' })).toThrow(/ADMIN_EMAIL must/);
    let message = '';
    try {
      parseEnv({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('ADMIN_PASSWORD must be at least 12 characters');
    expect(message).not.toContain('short');
    expect(
      parseEnv({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Long-Enough-Pass-1' }),
    ).toMatchObject({ ADMIN_EMAIL: 'boss@example.com' });
  });
});
