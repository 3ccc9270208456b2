/** The StarPrep mark: a gradient star beside the word mark. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const icon = size === 'lg' ? 'h-14 w-14' : 'h-8 w-8';
  const text = size === 'lg' ? 'text-4xl' : 'text-xl';
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 64 64" className={icon} aria-hidden="true">
        <defs>
          <linearGradient id={`logo-gradient-${size}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#a78bfa" />
            <stop offset="1" stopColor="#e879f9" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="14" fill="#1e1040" />
        <path
          d="M32 9l6.7 14.6 15.8 1.8-11.8 10.8 3.3 15.6L32 43.9l-14 7.9 3.3-15.6L9.5 25.4l15.8-1.8z"
          fill={`url(#logo-gradient-${size})`}
        />
      </svg>
      <span className={`${text} font-bold tracking-tight text-ink`}>StarPrep</span>
    </span>
  );
}
