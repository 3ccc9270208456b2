import { describe, expect, it } from 'vitest';
import { yearlyPriceLabel, yearlyPriceShort } from './pricing';

describe('pricing', () => {
  it('words the yearly price as the spec does', () => {
    expect(yearlyPriceLabel).toBe('150.00 USD per year, plus tax');
    expect(yearlyPriceShort).toBe('$150/Year');
  });
});
