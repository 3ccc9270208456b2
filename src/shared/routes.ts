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
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

export const livePages = [paths.home] as const satisfies readonly AppPath[];

export type LivePage = (typeof livePages)[number];

/** True when `pathname` (no query, no hash) is a page the client can show. */
export function isLivePage(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (livePages as readonly string[]).includes(normalized);
}
