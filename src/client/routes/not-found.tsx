import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '#shared/routes';
import { buttonVariants } from '../components/ui/button-styles';
import { Card } from '../components/ui/card';

export function NotFoundPage() {
  return (
    <Card className="mx-auto mt-16 max-w-lg text-center">
      <Compass className="mx-auto h-12 w-12 text-accent" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-ink-muted">
        There is no page at this address. Check the link, or start again from the home page.
      </p>
      <Link to={paths.home} className={`${buttonVariants.primary} mt-6`}>
        Back to home
      </Link>
    </Card>
  );
}
