import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Info, LoaderCircle, Trash2 } from 'lucide-react';
import type { ExtractionStatus, StudyMaterial } from '#shared/contracts/materials';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { messageOf } from '../../lib/api-error';
import { formatBytes, NOT_READABLE_NOTE } from './format';
import { materialsQuery, useDeleteMaterial } from './materials-api';

/** What each extraction status means for the student, said plainly (with an icon and words). */
const statusShown: Record<
  ExtractionStatus,
  { icon: typeof Info; text: string; tone: string; spin?: boolean }
> = {
  pending: { icon: LoaderCircle, text: 'Reading the text...', tone: 'text-ink-muted', spin: true },
  done: { icon: CircleCheck, text: 'Text read: used for your questions', tone: 'text-success' },
  empty: {
    icon: Info,
    text: 'No text found in this file (a scanned document?), so no questions come from it.',
    tone: 'text-warning',
  },
  not_extractable: { icon: Info, text: NOT_READABLE_NOTE, tone: 'text-warning' },
  failed: {
    icon: CircleAlert,
    text: 'The text of this file could not be read, so no questions come from it.',
    tone: 'text-danger',
  },
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The materials already uploaded, with where their text stands, and a way to remove them. */
export function UploadedMaterials({ busy }: { busy: boolean }) {
  const materials = useQuery(materialsQuery);
  const remove = useDeleteMaterial();
  if (!materials.data || materials.data.length === 0) return null;
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Your uploaded materials</h2>
      {remove.isError && (
        <Alert tone="error">
          {messageOf(remove.error, 'Could not remove this material. Please try again.')}
        </Alert>
      )}
      <ul className="flex flex-col divide-y divide-white/10">
        {materials.data.map((material) => (
          <MaterialRow
            key={material.id}
            material={material}
            disabled={busy || remove.isPending}
            onRemove={() => remove.mutate(material.id)}
          />
        ))}
      </ul>
    </Card>
  );
}

function MaterialRow({
  material,
  disabled,
  onRemove,
}: {
  material: StudyMaterial;
  disabled: boolean;
  onRemove: () => void;
}) {
  const status = statusShown[material.extractionStatus];
  const Icon = status.icon;
  return (
    <li className="flex items-start gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{material.fileName}</p>
        <p className="text-sm text-ink-muted">
          {formatBytes(material.sizeBytes)} · {dateFormat.format(new Date(material.createdAt))}
        </p>
        <p className={`mt-1 flex items-start gap-1.5 text-sm ${status.tone}`}>
          <Icon
            className={`mt-0.5 h-4 w-4 shrink-0 ${status.spin ? 'animate-spin' : ''}`}
            aria-hidden="true"
          />
          <span>{status.text}</span>
        </p>
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Delete ${material.fileName}`}
        className="rounded-[var(--radius-control)] p-1.5 text-ink-muted hover:bg-white/10 hover:text-ink disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Trash2 className="h-5 w-5" aria-hidden="true" />
      </button>
    </li>
  );
}
