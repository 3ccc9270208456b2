import { describe, expect, it } from 'vitest';
import { AVATAR } from '../limits';
import { avatarProblem, PROFILE_MESSAGES, profileRequestSchema, sniffImageType } from './profile';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe('sniffImageType (the file’s bytes, never its name)', () => {
  it('knows JPEG, PNG and WebP by their signatures', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(ascii('RIFF\u0000\u0001\u0002\u0003WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses look-alikes and other formats', () => {
    for (const other of [
      ascii('GIF89a......'),
      ascii('RIFF....WAVEfmt '),
      ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes(0x89, 0x50, 0x4e, 0x47),
      bytes(0xff, 0xd8),
      bytes(),
    ]) {
      expect(sniffImageType(other)).toBeUndefined();
    }
  });

  it('applies the spec’s two avatar rules, type first, then under 2 MB', () => {
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    expect(avatarProblem(png, 1_000)).toBeUndefined();
    expect(avatarProblem(png, AVATAR.maxBytes)).toBeUndefined();
    expect(avatarProblem(png, AVATAR.maxBytes + 1)).toBe(PROFILE_MESSAGES.avatarSize);
    expect(avatarProblem(ascii('GIF89a'), 10)).toBe(PROFILE_MESSAGES.avatarType);
    expect(avatarProblem(png, 0)).toBe(PROFILE_MESSAGES.avatarType);
  });
});

describe('profileRequestSchema', () => {
  it('requires both names after trimming, with the spec’s message', () => {
    const result = profileRequestSchema.safeParse({ firstName: '  ', lastName: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      PROFILE_MESSAGES.namesRequired,
      PROFILE_MESSAGES.namesRequired,
    ]);
  });

  it('sanitizes and fills defaults', () => {
    expect(
      profileRequestSchema.parse({ firstName: ' Ada ', lastName: 'Love<>lace', bio: 'a\r\nb' }),
    ).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: '',
      phone: '',
      professionCategory: '',
      professionSymbol: 'briefcase',
      bio: 'a\nb',
    });
  });
});
