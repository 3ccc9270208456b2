/**
 * The Content-Security-Policy. Our own code needs only 'self'; the translate widget's hosts are
 * allowed only while the widget is switched on, and its script loads only after the visitor opens
 * the language picker (decisions.md section 2). Scripts may come from Google's translate hosts
 * only, never from www.gstatic.com, which also serves libraries that could bypass a CSP.
 */
const translateScriptHosts = ['https://translate.google.com', 'https://translate.googleapis.com'];
const translateAssetHosts = [
  ...translateScriptHosts,
  'https://translate-pa.googleapis.com',
  'https://www.gstatic.com',
];

export function contentSecurityPolicy(options: { translateWidget: boolean }) {
  const on = options.translateWidget;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(on ? translateScriptHosts : [])],
    // The translate widget injects inline styles into the page it translates.
    styleSrc: ["'self'", ...(on ? ["'unsafe-inline'", ...translateAssetHosts] : [])],
    imgSrc: ["'self'", 'data:', ...(on ? translateAssetHosts : [])],
    fontSrc: ["'self'"],
    mediaSrc: ["'self'"],
    connectSrc: ["'self'", ...(on ? translateAssetHosts : [])],
    frameSrc: on ? translateScriptHosts : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}
