import { Upload } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { ACCEPTED_FILES } from '#shared/contracts/materials';

/**
 * Drag and drop, or click (or Enter/Space on the focused control) to pick files. The file input
 * itself is the focusable control, visually hidden inside its label, so the whole zone opens the
 * picker and screen readers hear one "Choose files" control.
 */
export function DropZone({
  disabled,
  onFiles,
  describedBy,
}: {
  disabled: boolean;
  onFiles: (files: File[]) => void;
  describedBy: string;
}) {
  const [dragging, setDragging] = useState(false);
  const over = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  return (
    <label
      onDragOver={over}
      onDragEnter={over}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled) onFiles([...event.dataTransfer.files]);
      }}
      className={`flex cursor-pointer flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border-2 border-dashed px-6 py-10 text-center transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent ${
        dragging ? 'border-accent bg-accent/10' : 'border-white/35 hover:bg-white/5'
      } ${disabled ? 'pointer-events-none opacity-60' : ''}`}
    >
      <span className="accent-gradient flex h-12 w-12 items-center justify-center rounded-full">
        <Upload className="h-6 w-6 text-white" aria-hidden="true" />
      </span>
      <span className="text-lg font-semibold">Drag and drop files here</span>
      <span className="text-ink-muted">
        or <span className="font-semibold text-accent underline">click to choose files</span>
      </span>
      <input
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        disabled={disabled}
        aria-label="Choose files"
        aria-describedby={describedBy}
        className="sr-only"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // The same file can be picked again after it was removed.
          event.target.value = '';
        }}
      />
    </label>
  );
}
