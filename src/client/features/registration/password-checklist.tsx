import { Check, Circle, X } from 'lucide-react';
import {
  PASSWORD_CHARACTERS_LABEL,
  PASSWORD_CHECKS,
  PASSWORD_MEETS_REQUIREMENTS,
  isValidPassword,
  passwordHasOnlyAllowedCharacters,
} from '#shared/contracts/password';

/** The live checklist under the password (spec section 2): each rule ticks as it is met. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const meetsAll = isValidPassword(password);
  const badCharacters = !passwordHasOnlyAllowedCharacters(password);
  return (
    <ul id={id} className="mt-1 flex flex-col gap-1 text-sm" aria-live="polite">
      {PASSWORD_CHECKS.map((check) => {
        const met = check.test(password);
        return (
          <li key={check.id} className={met ? 'text-success' : 'text-ink-muted'}>
            <span className="inline-flex items-center gap-1.5">
              {met ? (
                <Check className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Circle className="h-3.5 w-3.5" aria-hidden="true" />
              )}
              {check.label}
              <span className="sr-only">{met ? ' (met)' : ' (not met yet)'}</span>
            </span>
          </li>
        );
      })}
      {badCharacters && (
        <li className="text-danger">
          <span className="inline-flex items-center gap-1.5">
            <X className="h-4 w-4" aria-hidden="true" />
            {PASSWORD_CHARACTERS_LABEL}
          </span>
        </li>
      )}
      {meetsAll && (
        <li className="font-semibold text-success">
          <span className="inline-flex items-center gap-1.5">
            <Check className="h-4 w-4" aria-hidden="true" />
            {PASSWORD_MEETS_REQUIREMENTS}
          </span>
        </li>
      )}
    </ul>
  );
}
