import { Menu, X } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '#shared/routes';
import { useSession, useSignOut } from '../../features/auth/session';
import { usePublicConfig } from '../../features/config/public-config';
import { TranslateWidget } from '../../features/translate/translate-widget';
import { buttonVariants } from '../ui/button-styles';
import { Logo } from './logo';
import { navLinksFor } from './nav-links';

/** The bar on every page: logo, language picker, and the links, folded into a menu on phones. */
export function NavBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const config = usePublicConfig();
  const showTranslate = config.data?.translateWidget === true;

  const toggleRef = useRef<HTMLButtonElement>(null);
  const session = useSession();
  const signOut = useSignOut();
  const user = session.data?.user;
  const signedIn = user != null;
  const links = navLinksFor(user);
  const signOutButton = (extraStyle: string) => (
    <button
      type="button"
      className={`${buttonVariants.secondary} ${extraStyle}`}
      disabled={signOut.isPending}
      onClick={() => {
        setMenuOpen(false);
        signOut.mutate();
      }}
    >
      {signOut.isPending
        ? 'Signing out...'
        : signOut.isError
          ? 'Sign Out (failed, retry)'
          : 'Sign Out'}
    </button>
  );

  const closeMenuOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <header
      className="sticky top-0 z-20 border-b border-white/10 bg-night-950/70 backdrop-blur-md"
      onKeyDown={closeMenuOnEscape}
    >
      <nav aria-label="Main" className="mx-auto max-w-[1200px] px-4">
        <div className="flex items-center gap-3 py-3">
          <Link to={paths.home} aria-label="StarPrep home" className="mr-auto rounded-lg">
            <Logo />
          </Link>
          {showTranslate && <TranslateWidget />}
          <div className="hidden items-center gap-2 md:flex">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} className={link.style}>
                {link.label}
              </NavLink>
            ))}
            {signedIn && signOutButton('')}
          </div>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-[var(--radius-control)] text-ink hover:bg-white/10 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
        {menuOpen && (
          <ul
            id="mobile-menu"
            className="flex flex-col gap-2 border-t border-white/10 py-4 md:hidden"
          >
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={`${link.style} w-full`}
                  onClick={() => setMenuOpen(false)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            {signedIn && <li>{signOutButton('w-full')}</li>}
          </ul>
        )}
      </nav>
    </header>
  );
}
