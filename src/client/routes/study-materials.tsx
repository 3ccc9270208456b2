import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fileProblem, MATERIALS_MESSAGES } from '#shared/contracts/materials';
import { UPLOAD } from '#shared/limits';
import { paths } from '#shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { buttonVariants } from '../components/ui/button-styles';
import { Card } from '../components/ui/card';
import { controlStyles } from '../components/ui/field';
import { PaidPage } from '../features/auth/paid-page';
import { DropZone } from '../features/materials/drop-zone';
import {
  deleteMaterial,
  fitsUploadQuota,
  savePastedText,
  UPLOAD_FAILED,
  uploadFileWithProgress,
  useRefreshMaterials,
} from '../features/materials/materials-api';
import { type SelectedFile, SelectedFiles } from '../features/materials/selected-files';
import { UploadedMaterials } from '../features/materials/uploaded-materials';
import { ApiRequestError } from '../lib/api-error';

const numberFormat = new Intl.NumberFormat('en-US');

/** Upload study materials (spec sections 2 to 5 and 8), for students with a paid year. */
export function StudyMaterialsPage() {
  return (
    <PaidPage
      unpaidTo={paths.examRegistration}
      errorTo={paths.examRegistration}
      checkingLabel="Checking access..."
    >
      <StudyMaterials />
    </PaidPage>
  );
}

let nextId = 0;

function StudyMaterials() {
  const navigate = useNavigate();
  const refreshMaterials = useRefreshMaterials();
  const [files, setFiles] = useState<SelectedFile[]>([]);
  const [text, setText] = useState('');
  const [pickProblems, setPickProblems] = useState<string[]>([]);
  const [error, setError] = useState<{ summary: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const redirect = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const addFiles = (picked: File[]) => {
    const problems: string[] = [];
    const accepted: SelectedFile[] = [];
    for (const file of picked) {
      const problem = fileProblem(file.name, file.size);
      if (problem) problems.push(problem);
      else accepted.push({ id: `file-${(nextId += 1)}`, file, sent: 0, state: 'waiting' });
    }
    setPickProblems(problems);
    setError(null);
    setFiles((current) => [
      ...current,
      // The same file picked twice is listed once.
      ...accepted.filter(
        ({ file }) =>
          !current.some(
            (other) =>
              other.file.name === file.name &&
              other.file.size === file.size &&
              other.file.lastModified === file.lastModified,
          ),
      ),
    ]);
  };

  const update = (id: string, change: Partial<SelectedFile>) =>
    setFiles((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));

  /**
   * One request per file (so each bar shows that file's real progress), then the pasted text.
   * If any fails, what this attempt already stored is removed again: nothing half-stored.
   */
  const submit = async () => {
    setPickProblems([]);
    if (files.length === 0 && text.trim() === '') {
      setError({ summary: MATERIALS_MESSAGES.nothingToUpload });
      return;
    }
    setError(null);
    setBusy(true);
    // Asked first: a file refused halfway would undo the ones before it, which still count.
    const quota = await fitsUploadQuota(
      files.map((item) => item.file),
      text,
    );
    if (!quota.fits) {
      setError({ summary: MATERIALS_MESSAGES.selectionOverQuota(quota.left) });
      setBusy(false);
      return;
    }
    const stored: string[] = [];
    try {
      for (const item of files) {
        update(item.id, { state: 'uploading', sent: 0 });
        const material = await uploadFileWithProgress(item.file, (sent) =>
          update(item.id, { sent }),
        );
        stored.push(material.id);
        update(item.id, { state: 'uploaded', sent: item.file.size });
      }
      if (text.trim() !== '') stored.push((await savePastedText(text)).id);
      setSucceeded(true);
      setBusy(false);
      void refreshMaterials();
      redirect.current = window.setTimeout(
        () => void navigate(paths.dashboard),
        UPLOAD.redirectAfterMs,
      );
    } catch (failure) {
      await Promise.allSettled(stored.map((id) => deleteMaterial(id)));
      void refreshMaterials();
      setFiles((current) => current.map((item) => ({ ...item, sent: 0, state: 'waiting' })));
      const detail =
        failure instanceof ApiRequestError && failure.message !== UPLOAD_FAILED
          ? failure.message
          : undefined;
      setError({ summary: MATERIALS_MESSAGES.uploadFailed, detail });
      setBusy(false);
    }
  };

  const locked = busy || succeeded;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title="Upload Study Materials">
        Add your notes, outlines or textbook chapters: your next study sessions include questions
        made from them.
      </PageHeader>

      <Card className="flex flex-col gap-4">
        <h2 className="text-xl font-semibold">Files</h2>
        <DropZone disabled={locked} onFiles={addFiles} describedBy="file-rules" />
        <p id="file-rules" className="text-sm text-ink-muted">
          PDF, Word (.doc, .docx), Pages (.pages) or plain text (.txt), up to 10MB each.{' '}
          {MATERIALS_MESSAGES.quota}
        </p>
        {pickProblems.length > 0 && (
          <Alert tone="error">
            <ul>
              {pickProblems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        )}
        <SelectedFiles
          files={files}
          busy={locked}
          onRemove={(id) => setFiles((current) => current.filter((item) => item.id !== id))}
        />
      </Card>

      <Card className="flex flex-col gap-2">
        <label htmlFor="pasted-text" className="text-xl font-semibold">
          Paste text
        </label>
        <p id="pasted-text-hint" className="text-sm text-ink-muted">
          Notes, definitions or a chapter you copied: it is saved as pasted_content.txt.
        </p>
        <textarea
          id="pasted-text"
          rows={8}
          maxLength={UPLOAD.maxPastedChars}
          value={text}
          disabled={locked}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          aria-describedby="pasted-text-hint pasted-text-count"
          className={`${controlStyles} min-h-40 resize-y`}
        />
        <p id="pasted-text-count" className="self-end text-sm tabular-nums text-ink-muted">
          {numberFormat.format(text.length)} / {numberFormat.format(UPLOAD.maxPastedChars)}{' '}
          characters
        </p>
      </Card>

      {error && (
        <Alert tone="error">
          <p className="font-semibold">{error.summary}</p>
          {error.detail && <p className="mt-1">{error.detail}</p>}
        </Alert>
      )}
      {succeeded && <Alert tone="success">{MATERIALS_MESSAGES.uploaded}</Alert>}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={paths.dashboard} className={buttonVariants.secondary}>
          Go to Dashboard
        </Link>
        <Button
          busy={busy}
          busyLabel="Uploading..."
          // After the upload the dashboard opens by itself in 2 s; the button goes there at once.
          onClick={() => (succeeded ? void navigate(paths.dashboard) : void submit())}
        >
          Continue to Dashboard
        </Button>
      </div>

      <UploadedMaterials busy={locked} />
    </div>
  );
}
