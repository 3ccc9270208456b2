import { describe, expect, it } from 'vitest';
import { MATERIALS_MESSAGES } from '#shared/contracts/materials';
import { UPLOAD_QUOTA } from '#shared/limits';
import { secondsUntilRoom } from './upload-quota';

const now = new Date('2026-11-24T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const MB = 1024 * 1024;
const use = (hoursAgo: number, sizeBytes = 1_000) => ({
  sizeBytes,
  createdAt: new Date(now.getTime() - hoursAgo * HOUR),
});

describe('secondsUntilRoom', () => {
  it('is 0 while there is room', () => {
    expect(secondsUntilRoom([], 10 * MB, now)).toBe(0);
    expect(secondsUntilRoom([use(5), use(1)], 1_000, now)).toBe(0);
  });

  it('after the last file a day: when the oldest leaves the 24 hours', () => {
    const uses = [use(20), ...Array.from({ length: UPLOAD_QUOTA.files - 1 }, () => use(1))];
    expect(secondsUntilRoom(uses, 1_000, now)).toBe(4 * 60 * 60);
  });

  it('over the bytes: when enough of the oldest have left for this file', () => {
    // 90 MB: 40 MB 23 hours ago, then 50 MB 10 hours ago. A 20 MB file needs 10 MB to go, and
    // the first upload to leave (in 1 hour) frees 40.
    const uses = [use(23, 40 * MB), use(10, 50 * MB)];
    expect(secondsUntilRoom(uses, 20 * MB, now)).toBe(60 * 60);
    // 60 MB more needs both to go: the second leaves in 14 hours.
    expect(secondsUntilRoom(uses, 60 * MB, now)).toBe(14 * 60 * 60);
  });

  it('says the wait as a person reads it', () => {
    expect(MATERIALS_MESSAGES.overQuota(30)).toBe(
      'You can upload up to 50 files and 100MB in 24 hours. Please try again in 1 minute.',
    );
    expect(MATERIALS_MESSAGES.overQuota(45 * 60)).toMatch(/in 45 minutes\.$/);
    expect(MATERIALS_MESSAGES.overQuota(4 * 60 * 60 - 5)).toMatch(/in 4 hours\.$/);
    expect(MATERIALS_MESSAGES.selectionOverQuota({ files: 1, bytes: 5.55 * MB })).toBe(
      'Right now you can upload 1 more file and 5.5MB. Please choose fewer or smaller files.',
    );
    expect(MATERIALS_MESSAGES.selectionOverQuota({ files: 0, bytes: 90 * MB })).toMatch(
      /^You have used today's uploads/,
    );
  });
});
