import { ImageUp } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { PROFESSION_SYMBOLS, type ProfessionSymbolId } from '#shared/catalog';
import { avatarProblem, IMAGE_SIGNATURE_BYTES, PROFILE_MESSAGES } from '#shared/contracts/profile';
import { AVATAR } from '#shared/limits';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { messageOf } from '../../lib/api-error';
import { useUploadAvatar } from './profile-api';

const ACCEPT = AVATAR.types.join(',');

/**
 * The avatar: the current picture (or the profession symbol when there is none) and a picker that
 * uploads at once. The browser checks the file's first bytes and size with the same rules as the
 * server, which checks again and re-encodes it.
 */
export function AvatarUpload({
  avatarUrl,
  symbol,
}: {
  avatarUrl: string | null;
  symbol: ProfessionSymbolId;
}) {
  const upload = useUploadAvatar();
  const [problem, setProblem] = useState<string>();
  const emoji = PROFESSION_SYMBOLS.find((known) => known.id === symbol)?.emoji;

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so choosing the same file again after fixing something still triggers a change.
    input.value = '';
    if (!file) return;
    upload.reset();
    const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
    const found = avatarProblem(head, file.size);
    setProblem(found);
    if (!found) upload.mutate(file);
  };

  const error =
    problem ??
    (upload.isError ? messageOf(upload.error, PROFILE_MESSAGES.avatarFailed) : undefined);

  return (
    // Phone: the picture beside its button, the hint and messages under both. Wider: all beside it.
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4">
      <div className="flex h-24 w-24 shrink-0 sm:row-span-2 items-center justify-center overflow-hidden rounded-full border border-white/25 bg-night-950/60">
        {avatarUrl ? (
          <img
            src={avatarUrl}
            alt="Your avatar"
            width={96}
            height={96}
            className="h-full w-full object-cover"
          />
        ) : (
          <span className="text-4xl" role="img" aria-label="No avatar yet">
            {emoji}
          </span>
        )}
      </div>
      <div>
        <input
          id="avatar"
          type="file"
          accept={ACCEPT}
          onChange={(event) => void onChoose(event)}
          disabled={upload.isPending}
          aria-describedby="avatar-hint"
          className="peer sr-only"
        />
        <label
          htmlFor="avatar"
          className="glass inline-flex cursor-pointer whitespace-nowrap items-center gap-2 rounded-[var(--radius-control)] px-4 py-2 font-semibold hover:bg-white/15 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
        >
          <ImageUp className="h-4 w-4" aria-hidden="true" />
          {avatarUrl ? 'Change avatar' : 'Upload avatar'}
        </label>
      </div>
      <p id="avatar-hint" className="col-span-2 mt-3 text-sm text-ink-muted sm:col-span-1 sm:mt-0">
        JPEG, PNG or WebP, under 2 MB. Stored at up to 512 × 512 pixels, without photo metadata.
      </p>
      {/* Always present (an announced region must exist before its text arrives), empty = 0 px. */}
      <div aria-live="polite" className="col-span-2 sm:col-span-1 sm:col-start-2">
        {upload.isPending && (
          <div className="mt-3">
            <Spinner label="Uploading avatar..." />
          </div>
        )}
        {upload.isSuccess && (
          <div className="mt-3">
            <Alert tone="success">{upload.data.message}</Alert>
          </div>
        )}
      </div>
      {error && (
        <div className="col-span-2 mt-3 sm:col-span-1 sm:col-start-2">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </div>
  );
}
