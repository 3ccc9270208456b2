import { Link } from 'react-router';
import { yearlyPriceLabel } from '#shared/pricing';
import { paths } from '#shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Spinner } from '../components/ui/spinner';
import { useRedirectSignedIn } from '../features/auth/use-redirect-signed-in';
import { RegistrationForm } from '../features/registration/registration-form';

export function ExamRegistrationPage() {
  const redirecting = useRedirectSignedIn();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Register for your exam">
        Tell us about your exam and yourself. Next you confirm your e-mail, then pay{' '}
        {yearlyPriceLabel}.
      </PageHeader>
      {redirecting ? (
        <div className="flex justify-center py-12">
          <Spinner label="Checking your session..." />
        </div>
      ) : (
        <RegistrationForm />
      )}
      <p className="mt-6 text-center text-ink-muted">
        Already registered?{' '}
        <Link
          to={paths.login}
          className="font-semibold text-accent underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}
