import { Hono } from 'hono';
import { resendOtpRequestSchema, verifyOtpRequestSchema } from '#shared/contracts/auth';
import { registrationRequestSchema } from '#shared/contracts/registration';
import { paths } from '#shared/routes';
import { requireUser } from '../../lib/auth-guards';
import { clientIp } from '../../lib/rate-limit/client-ip';
import { jsonBody } from '../../lib/validate';
import { forwardCookies } from '../auth/auth-errors';
import { toSessionUser } from '../auth/session-user';
import {
  confirmEmail,
  latestRegistration,
  register,
  type RegistrationDeps,
} from './registration.service';
import { resendCode } from './code-mail';

/** Sign-up, e-mail confirmation and Resend OTP: thin, the rules live in the service. */
export function registrationRoutes(deps: RegistrationDeps & { trustProxy: boolean }) {
  return new Hono()
    .post('/', jsonBody(registrationRequestSchema), async (c) => {
      const result = await register(deps, c.req.valid('json'), clientIp(c, deps.trustProxy));
      return c.json(result, 201);
    })
    .post('/confirm', jsonBody(verifyOtpRequestSchema), async (c) => {
      const { email, otp } = c.req.valid('json');
      const { user, headers } = await confirmEmail(
        deps,
        { email, otp, clientIp: clientIp(c, deps.trustProxy) },
        c.req.raw.headers,
      );
      forwardCookies(headers, c);
      // Until checkout exists, the payment step is the payment status page.
      return c.json({ user: toSessionUser(user), redirectTo: paths.paymentVerification });
    })
    .post('/resend-code', jsonBody(resendOtpRequestSchema), async (c) => {
      const { email } = c.req.valid('json');
      return c.json(await resendCode(deps, email, clientIp(c, deps.trustProxy)));
    })
    .get('/latest', requireUser(deps.auth, deps.database), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ registration: await latestRegistration(deps.database, c.get('user').id) });
    });
}
