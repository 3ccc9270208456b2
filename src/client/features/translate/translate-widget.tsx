import { Languages } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { LANGUAGES } from './languages';
import { loadGoogleTranslate, translatePageTo } from './google-translate';

type Status = 'idle' | 'loading' | 'ready' | 'unavailable';

/**
 * The language picker in the navigation bar. Opening it is what loads the third-party
 * translator; until then no request leaves for another site.
 */
export function TranslateWidget() {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [language, setLanguage] = useState('en');
  const panelId = useId();
  const selectId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const toggle = () => {
    const opening = !open;
    setOpen(opening);
    if (opening && (status === 'idle' || status === 'unavailable')) {
      setStatus('loading');
      loadGoogleTranslate().then(
        () => setStatus('ready'),
        () => setStatus('unavailable'),
      );
    }
  };

  const choose = (code: string) => {
    setLanguage(code);
    translatePageTo(code).catch(() => setStatus('unavailable'));
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        className="inline-flex items-center gap-1.5 rounded-[var(--radius-control)] px-3 py-2 text-sm text-ink hover:bg-white/10"
      >
        <Languages className="h-4 w-4" aria-hidden="true" />
        <span>Language</span>
      </button>
      {open && (
        <div
          id={panelId}
          className="glass absolute right-0 z-30 mt-2 w-64 rounded-[var(--radius-card)] bg-night-950/95 p-4 shadow-xl"
        >
          <label htmlFor={selectId} className="mb-2 block text-sm font-medium text-ink">
            Translate this page
          </label>
          <select
            id={selectId}
            value={language}
            onChange={(event) => choose(event.target.value)}
            disabled={status !== 'ready'}
            className="w-full rounded-[var(--radius-control)] border border-white/20 bg-night-950 px-3 py-2 text-ink"
          >
            <option value="en">English</option>
            {LANGUAGES.map((entry) => (
              <option key={entry.code} value={entry.code} lang={entry.code}>
                {entry.name}
              </option>
            ))}
          </select>
          <p className="mt-2 text-xs text-ink-muted" aria-live="polite">
            {status === 'loading' && 'Loading the translator...'}
            {status === 'ready' && `${LANGUAGES.length + 1} languages, translated by Google.`}
            {status === 'unavailable' &&
              'Translation is unavailable right now. Check your connection and try again.'}
          </p>
        </div>
      )}
    </div>
  );
}
