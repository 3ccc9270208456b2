/**
 * The route table of spec section 2, in one place. Links everywhere use `paths`;
 * `livePages` lists the pages that exist today. The client registers exactly these and the
 * server answers any other path with a 404 status (the client then shows its not-found page).
 * A page joins `livePages` in the issue that builds it.
 */
export const paths = {
  home: '/',
  login: '/login',
  confirmEmail: '/confirm-email',
  examRegistration: '/exam-registration',
  paymentSuccess: '/payment-success',
  paymentVerification: '/payment-verification',
  dashboard: '/dashboard',
  profile: '/profile',
  exam: '/exam',
  studyMaterials: '/study-materials',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  /** The built-in test checkout; the session id follows (/checkout/test/cs_test_…). */
  testCheckout: '/checkout/test',
  /** Development only: the mails the outbox kept (never served in production). */
  devMailbox: '/dev/mailbox',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

export const livePages = [
  paths.home,
  paths.login,
  paths.confirmEmail,
  paths.examRegistration,
  paths.paymentVerification,
  paths.paymentSuccess,
  paths.exam,
  paths.studyMaterials,
  paths.dashboard,
  paths.profile,
  paths.adminLogin,
  paths.adminDashboard,
  paths.devMailbox,
] as const satisfies readonly AppPath[];

/** Pages whose last path segment is a parameter: the prefix, then one segment. */
export const livePagePrefixes: readonly string[] = [`${paths.testCheckout}/`];

/** Pages that exist only outside production. */
export const devPages: readonly AppPath[] = [paths.devMailbox];

export type LivePage = (typeof livePages)[number];

/** True when `pathname` (no query, no hash) is a page the client can show. */
export function isLivePage(pathname: string, { production = false } = {}): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (production && (devPages as readonly string[]).includes(normalized)) return false;
  if ((livePages as readonly string[]).includes(normalized)) return true;
  return livePagePrefixes.some(
    (prefix) =>
      normalized.startsWith(prefix) && /^[\w-]{1,200}$/.test(normalized.slice(prefix.length)),
  );
}
