import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A sample study text of tests/fixtures/materials (pharmacology, contracts, electrical). */
export function materialFixture(name: string): string {
  return readFileSync(join(import.meta.dirname, '../fixtures/materials', name), 'utf8');
}

/** A seeded random source (mulberry32), so option order and draws repeat exactly. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
