import { SUBSCRIPTION_CURRENCY, SUBSCRIPTION_PRICE_CENTS } from './limits';

/** "150.00": the yearly price in major units, always with two decimals. */
export const yearlyPriceAmount = (SUBSCRIPTION_PRICE_CENTS / 100).toFixed(2);

/** "150.00 USD": the amount as the landing page shows it large. */
export const yearlyPriceHeadline = `${yearlyPriceAmount} ${SUBSCRIPTION_CURRENCY}`;
export const yearlyPriceTerms = 'per year, plus tax';

/** The landing page's wording (spec section 1): "150.00 USD per year, plus tax". */
export const yearlyPriceLabel = `${yearlyPriceHeadline} ${yearlyPriceTerms}`;

/** The registration button's wording: "$150/Year". */
export const yearlyPriceShort = `$${SUBSCRIPTION_PRICE_CENTS / 100}/Year`;
