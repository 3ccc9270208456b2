import { describe, expect, it } from 'vitest';
import { paths } from '#shared/routes';
import { destinationOf } from './destination';

describe('where a signed-in user belongs', () => {
  it('sends a student where the server says', () => {
    expect(destinationOf({ role: 'user' }, paths.dashboard)).toBe(paths.dashboard);
    expect(destinationOf({ role: 'user' }, paths.paymentVerification)).toBe(
      paths.paymentVerification,
    );
  });

  it('sends an admin to the admin dashboard, whatever the payment says', () => {
    expect(destinationOf({ role: 'admin' }, paths.paymentVerification)).toBe(paths.adminDashboard);
    expect(destinationOf({ role: 'admin' }, paths.dashboard)).toBe(paths.adminDashboard);
  });
});
