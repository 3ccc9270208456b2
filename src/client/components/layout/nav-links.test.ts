import { describe, expect, it } from 'vitest';
import { paths } from '#shared/routes';
import { navLinksFor } from './nav-links';

const linksOf = (user: Parameters<typeof navLinksFor>[0]) =>
  navLinksFor(user).map(({ to, label }) => ({ to, label }));

describe('the navigation bar’s links', () => {
  it('offer sign-in and registration to a visitor', () => {
    for (const nobody of [null, undefined]) {
      expect(linksOf(nobody)).toEqual([
        { to: paths.login, label: 'Login' },
        { to: paths.examRegistration, label: 'Register' },
      ]);
    }
  });

  it('give a student their profile and dashboard', () => {
    expect(linksOf({ role: 'user' })).toEqual([
      { to: paths.profile, label: 'Profile' },
      { to: paths.dashboard, label: 'Dashboard' },
    ]);
  });

  it('give an admin the admin dashboard only', () => {
    expect(linksOf({ role: 'admin' })).toEqual([
      { to: paths.adminDashboard, label: 'Admin Dashboard' },
    ]);
  });
});
