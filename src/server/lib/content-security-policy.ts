/**
 * The Content-Security-Policy. Our own code needs only 'self'; the translate widget's hosts are
 * allowed only while the widget is switched on, and its script loads only after the visitor opens
 * the language picker (decisions.md section 2).
 */
const translateHosts = [
  'https://translate.google.com',
  'https://translate.googleapis.com',
  'https://translate-pa.googleapis.com',
  'https://www.gstatic.com',
];

export function contentSecurityPolicy(options: { translateWidget: boolean }) {
  const extra = options.translateWidget ? translateHosts : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...extra],
    // The translate widget injects inline styles into the page it translates.
    styleSrc: ["'self'", ...(options.translateWidget ? ["'unsafe-inline'", ...extra] : [])],
    imgSrc: ["'self'", 'data:', ...extra],
    fontSrc: ["'self'"],
    mediaSrc: ["'self'"],
    connectSrc: ["'self'", ...extra],
    frameSrc: options.translateWidget ? extra : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}
