/**
 * The admin the end-to-end web server creates before it starts (playwright.config.ts runs
 * `npm run admin:create` with these): a test account on a throwaway database, never a real one.
 * Constants only: playwright.config.ts imports this file.
 */
export const ADMIN_EMAIL = 'e2e-admin@starprep.test';
export const ADMIN_PASSWORD = 'E2e-Admin-Pass-2026!';

export const E2E_ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } as const;
