import { CircleCheck, FileText, X } from 'lucide-react';
import { EXTRACTABLE_KINDS, kindOfName } from '#shared/contracts/materials';
import { ProgressBar } from '../../components/ui/progress-bar';
import { formatBytes, NOT_READABLE_NOTE } from './format';

export type SelectedFile = {
  id: string;
  file: File;
  /** Bytes the browser has sent so far. */
  sent: number;
  state: 'waiting' | 'uploading' | 'uploaded';
};

/** The files chosen for this upload, each with its real upload progress and a remove button. */
export function SelectedFiles({
  files,
  busy,
  onRemove,
}: {
  files: SelectedFile[];
  busy: boolean;
  onRemove: (id: string) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3" aria-label="Files to upload">
      {files.map(({ id, file, sent, state }) => {
        const kind = kindOfName(file.name);
        const percent =
          file.size > 0 ? Math.round((Math.min(sent, file.size) / file.size) * 100) : 0;
        return (
          <li
            key={id}
            className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-white/15 bg-white/5 p-3"
          >
            <div className="flex items-start gap-3">
              <FileText className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{file.name}</p>
                <p className="text-sm text-ink-muted">
                  {formatBytes(file.size)}
                  {state === 'uploading' && ` · ${percent}% sent`}
                  {state === 'uploaded' && (
                    <span className="ml-1 inline-flex items-center gap-1 text-success">
                      · <CircleCheck className="h-4 w-4" aria-hidden="true" /> Uploaded
                    </span>
                  )}
                </p>
              </div>
              <button
                type="button"
                onClick={() => onRemove(id)}
                disabled={busy}
                aria-label={`Remove ${file.name}`}
                className="rounded-[var(--radius-control)] p-1.5 text-ink-muted hover:bg-white/10 hover:text-ink disabled:cursor-not-allowed disabled:opacity-50"
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </button>
            </div>
            <ProgressBar
              value={Math.min(sent, file.size)}
              max={file.size}
              label={`Upload of ${file.name}`}
            />
            {kind && !EXTRACTABLE_KINDS.includes(kind) && (
              <p className="text-sm text-warning">{NOT_READABLE_NOTE}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
