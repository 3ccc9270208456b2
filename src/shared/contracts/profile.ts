import { z } from 'zod';
import { DEFAULT_PROFESSION_SYMBOL, PROFESSION_SYMBOLS, type ProfessionSymbolId } from '../catalog';
import { AVATAR, FIELD_MAX } from '../limits';
import { isValidEmail, isValidPhone, REGISTRATION_MESSAGES } from './registration';
import {
  hasForbiddenCharacters,
  notAllowedMessage,
  stripAngleBrackets,
  tooLongMessage,
} from './text';

/**
 * The profile page (spec sections 2, 3, 5 and 8): the form's fields, its rules and every profile
 * message. The form checks with `profileRequestSchema` as the student saves; PUT /api/profile
 * checks the same schema again. The avatar's bytes are checked with `sniffImageType` on both sides.
 */

export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load profile.',
  namesRequired: 'First name and last name are required',
  /** Registration's rule for names (spec section 5, other form rules), kept for the profile. */
  nameLetters: REGISTRATION_MESSAGES.name,
  email: REGISTRATION_MESSAGES.email,
  phone: REGISTRATION_MESSAGES.phone,
  symbol: 'Please choose one of the profession symbols.',
  saved: 'Profile saved successfully!',
  saveFailed: 'Failed to save profile. Please check your database setup.',
  databaseNotReady: 'Please try saving again. Database was not ready.',
  avatarType: 'Please upload a JPEG, PNG, or WebP image',
  avatarSize: 'Image must be less than 2MB',
  /** Not in the spec: a picture whose pixel count would take too long to decode. */
  avatarDimensions: 'This image has too many pixels. Please upload a smaller image.',
  avatarMissing: 'Please choose an image to upload.',
  avatarUploaded: 'Avatar uploaded successfully!',
  avatarFailed: 'Failed to upload avatar.',
  storageNotConfigured: 'Storage bucket not configured. Please contact support.',
} as const;

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'professionCategory',
  'professionSymbol',
  'bio',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const PROFILE_LABELS: Record<ProfileField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  professionCategory: 'Profession category',
  professionSymbol: 'Profession symbol',
  bio: 'Bio',
};

export const PROFILE_MAX_LENGTH = {
  firstName: FIELD_MAX.name,
  lastName: FIELD_MAX.name,
  email: FIELD_MAX.email,
  phone: FIELD_MAX.phone,
  professionCategory: FIELD_MAX.professionCategory,
  bio: FIELD_MAX.bio,
} as const satisfies Partial<Record<ProfileField, number>>;

export const PROFESSION_CATEGORY_PLACEHOLDER = 'e.g., Attorney, Nurse, Engineer';

/** The longest side, in pixels, an avatar is stored at (the server downscales anything larger). */
export const AVATAR_STORED_MAX_PIXELS = 512;

// Same rule as registration's names: letters (any script) and single spaces between words.
const NAME_PATTERN = /^[\p{L}\p{M}]+(?: +[\p{L}\p{M}]+)*$/u;
/** Absurd input is refused before any rule runs; each field still gets its own length message. */
const INPUT_CAP = 10_000;

/** Line breaks are the only control characters a bio may hold; they are stored as \n. */
const normalizeLineBreaks = (value: string) => value.replace(/\r\n?/g, '\n');

/**
 * One text field: a string (a missing one counts as empty), no invisible or control characters,
 * then the spec's sanitizing (angle brackets removed, trimmed), then the maximum length.
 */
function textField(
  field: Exclude<ProfileField, 'professionSymbol'>,
  { multiline = false, notText = `${PROFILE_LABELS[field]} must be text.` } = {},
) {
  const label = PROFILE_LABELS[field];
  const max = PROFILE_MAX_LENGTH[field];
  return z
    .string({ error: notText })
    .max(INPUT_CAP, { error: tooLongMessage(label, max), abort: true })
    .default('')
    .transform((value) => (multiline ? normalizeLineBreaks(value) : value))
    .refine((value) => !hasForbiddenCharacters(multiline ? value.replace(/\n/g, '') : value), {
      error: notAllowedMessage(label),
      abort: true,
    })
    .transform(stripAngleBrackets)
    .pipe(z.string().max(max, { error: tooLongMessage(label, max) }));
}

function nameField(field: 'firstName' | 'lastName') {
  return textField(field, { notText: PROFILE_MESSAGES.namesRequired })
    .refine((value) => value.length > 0, { error: PROFILE_MESSAGES.namesRequired, abort: true })
    .refine((value) => NAME_PATTERN.test(value), { error: PROFILE_MESSAGES.nameLetters });
}

const symbolIds = PROFESSION_SYMBOLS.map((symbol) => symbol.id) as [
  ProfessionSymbolId,
  ...ProfessionSymbolId[],
];

/** PUT /api/profile: the whole form. The avatar has its own call and is not part of it. */
export const profileRequestSchema = z.object({
  firstName: nameField('firstName'),
  lastName: nameField('lastName'),
  email: textField('email').refine((value) => value === '' || isValidEmail(value), {
    error: PROFILE_MESSAGES.email,
  }),
  phone: textField('phone').refine((value) => value === '' || isValidPhone(value), {
    error: PROFILE_MESSAGES.phone,
  }),
  professionCategory: textField('professionCategory'),
  professionSymbol: z
    .enum(symbolIds, { error: PROFILE_MESSAGES.symbol })
    .default(DEFAULT_PROFESSION_SYMBOL),
  bio: textField('bio', { multiline: true }),
});
export type ProfileRequest = z.input<typeof profileRequestSchema>;
export type ProfileForm = Record<ProfileField, string>;

/** A student's profile as the page shows it; text fields never null. */
export type Profile = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  professionCategory: string;
  professionSymbol: ProfessionSymbolId;
  bio: string;
  /** GET /api/profile/avatar/<file>, readable by its owner only; null without an avatar. */
  avatarUrl: string | null;
};

/**
 * GET /api/profile. `saved` is false for a student who never saved: the profile is then prefilled
 * from the account's e-mail and the name given at registration (spec section 4).
 */
export type ProfileResponse = { profile: Profile; saved: boolean };

export type AvatarUploadResponse = { avatarUrl: string; message: string };

export type AvatarImageType = (typeof AVATAR.types)[number];

/**
 * What a file really is, from its first bytes (never its name or declared type): JPEG FF D8 FF,
 * PNG 89 50 4E 47 0D 0A 1A 0A, WebP "RIFF" <size> "WEBP". Anything else is undefined.
 */
export function sniffImageType(bytes: Uint8Array): AvatarImageType | undefined {
  const startsWith = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // "RIFF", four bytes of size, "WEBP".
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return undefined;
}

/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

/** The spec's two avatar rules, in its order: the type (by the bytes), then under 2 MB. */
export function avatarProblem(firstBytes: Uint8Array, size: number): string | undefined {
  if (size === 0 || !sniffImageType(firstBytes)) return PROFILE_MESSAGES.avatarType;
  if (size > AVATAR.maxBytes) return PROFILE_MESSAGES.avatarSize;
  return undefined;
}
