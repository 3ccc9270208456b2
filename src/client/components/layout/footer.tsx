import { Link } from 'react-router';
import { useIsClient } from '../../lib/use-is-client';
import { paths } from '#shared/routes';

/** StarPrep's public profiles; one list, so changing a handle is a one-line change. */
const socialLinks = [
  { label: 'StarPrep on X', short: 'X', href: 'https://x.com/starprep' },
  {
    label: 'StarPrep on LinkedIn',
    short: 'LinkedIn',
    href: 'https://www.linkedin.com/company/starprep',
  },
  { label: 'StarPrep on YouTube', short: 'YouTube', href: 'https://www.youtube.com/@starprep' },
  { label: 'StarPrep on Facebook', short: 'Facebook', href: 'https://www.facebook.com/starprep' },
];

export function Footer() {
  // The year comes from the visitor's clock, not from the day the page was prerendered.
  const year = useIsClient() ? `${new Date().getFullYear()} ` : '';
  return (
    <footer className="mt-16 border-t border-white/10 py-8 text-sm text-ink-muted">
      <div className="flex flex-col items-center justify-between gap-4 sm:flex-row">
        <p>© {year}StarPrep. Exam preparation for professional licensing exams.</p>
        <nav aria-label="Social media">
          <ul className="flex flex-wrap items-center gap-4">
            {socialLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-label={link.label}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="rounded text-ink-muted underline-offset-4 hover:text-ink hover:underline"
                >
                  {link.short}
                </a>
              </li>
            ))}
            <li>
              <Link to={paths.home} className="rounded hover:text-ink">
                Home
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
