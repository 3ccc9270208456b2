// How the seed stops on a refusal or a bad option.

/** A refusal or a bad option: printed as one line, exit code 1, the database closed first. */
export class SeedError extends Error {}

export function fail(message: string): never {
  throw new SeedError(message);
}
