import { FileText } from 'lucide-react';

/** Where an item made from the student's own material came from. */
export function SourceSentence({ sentence }: { sentence?: string }) {
  if (!sentence) return null;
  return (
    <p className="mt-3 flex gap-2 text-sm text-ink-muted">
      <FileText className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>From your material: “{sentence}”</span>
    </p>
  );
}
