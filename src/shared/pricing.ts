import { SUBSCRIPTION_CURRENCY, SUBSCRIPTION_PRICE_CENTS } from './limits';

/** "150.00": the yearly price in major units, always with two decimals. */
export const yearlyPriceAmount = (SUBSCRIPTION_PRICE_CENTS / 100).toFixed(2);

/** The landing page's wording (spec section 1). */
export const yearlyPriceLabel = `${yearlyPriceAmount} ${SUBSCRIPTION_CURRENCY} per year, plus tax`;

/** The registration button's wording: "$150/Year". */
export const yearlyPriceShort = `$${SUBSCRIPTION_PRICE_CENTS / 100}/Year`;
