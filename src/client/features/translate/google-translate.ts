/**
 * Loads Google's website translator on demand (decisions.md section 2: only after the visitor
 * opens the picker) and drives it without showing Google's own UI.
 */
const SCRIPT_URL = 'https://translate.google.com/translate_a/element.js?cb=starprepTranslateReady';
const CONTAINER_ID = 'google-translate-element';
const LOAD_TIMEOUT_MS = 10_000;

type TranslateWindow = Window & {
  starprepTranslateReady?: () => void;
  google?: {
    translate?: {
      TranslateElement: new (options: object, containerId: string) => unknown;
    };
  };
};

let loading: Promise<void> | undefined;

export function loadGoogleTranslate(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const win = window as TranslateWindow;
    if (!document.getElementById(CONTAINER_ID)) {
      const container = document.createElement('div');
      container.id = CONTAINER_ID;
      container.hidden = true;
      document.body.append(container);
    }
    const script = document.createElement('script');

    const timer = window.setTimeout(() => fail(new Error('timed out')), LOAD_TIMEOUT_MS);
    // A failed attempt leaves nothing behind, so the next opening of the picker starts afresh
    // and a late answer from this one cannot set the translator up behind the picker's back.
    const fail = (error: Error) => {
      window.clearTimeout(timer);
      script.remove();
      delete win.starprepTranslateReady;
      loading = undefined;
      reject(error);
    };
    win.starprepTranslateReady = () => {
      window.clearTimeout(timer);
      const TranslateElement = win.google?.translate?.TranslateElement;
      if (!TranslateElement) return fail(new Error('translator missing'));
      new TranslateElement({ pageLanguage: 'en', autoDisplay: false }, CONTAINER_ID);
      resolve();
    };
    script.src = SCRIPT_URL;
    script.async = true;
    script.dataset.translateWidget = 'true';
    script.onerror = () => fail(new Error('script failed to load'));
    document.head.append(script);
  });
  return loading;
}

/** Switches the page to `code` through Google's hidden language select; 'en' restores it. */
export async function translatePageTo(code: string): Promise<void> {
  await loadGoogleTranslate();
  // Google builds its select asynchronously after the element is created.
  const combo = await waitFor(
    () => document.querySelector<HTMLSelectElement>('select.goog-te-combo'),
    5_000,
  );
  combo.value = code === 'en' ? '' : code;
  combo.dispatchEvent(new Event('change'));
}

function waitFor<T>(find: () => T | null, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const found = find();
      if (found) return resolve(found);
      if (Date.now() - started > timeoutMs) return reject(new Error('translator not ready'));
      window.setTimeout(poll, 100);
    };
    poll();
  });
}
