import { CircleAlert, CircleCheck } from 'lucide-react';
import { useSyncExternalStore } from 'react';

/**
 * The app's one toast system (visual.md): `showToast` from anywhere, `<Toaster />` once in the
 * layout. A toast is announced politely and leaves after a few seconds.
 */
type Toast = { id: number; message: string; tone: 'success' | 'error' };

const TOAST_MS = 5_000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = () => listeners.forEach((listener) => listener());

export function showToast(message: string, tone: Toast['tone'] = 'success') {
  const toast = { id: nextId++, message, tone };
  toasts = [...toasts, toast];
  publish();
  window.setTimeout(() => {
    toasts = toasts.filter((shown) => shown.id !== toast.id);
    publish();
  }, TOAST_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      {shown.map((toast) => {
        const Icon = toast.tone === 'success' ? CircleCheck : CircleAlert;
        return (
          <div
            key={toast.id}
            role="status"
            className="glass pointer-events-auto flex max-w-md items-start gap-3 rounded-[var(--radius-control)] bg-night-950/90 px-4 py-3 shadow-lg"
          >
            <Icon
              className={`mt-0.5 h-5 w-5 shrink-0 ${toast.tone === 'success' ? 'text-success' : 'text-danger'}`}
              aria-hidden="true"
            />
            <p className="text-sm">{toast.message}</p>
          </div>
        );
      })}
    </div>
  );
}
