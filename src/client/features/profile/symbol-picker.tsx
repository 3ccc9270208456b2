import { Check } from 'lucide-react';
import { PROFESSION_SYMBOLS, type ProfessionSymbolId } from '#shared/catalog';

/**
 * The profession symbol picker (spec section 2): an emoji grid of three columns. Native radio
 * buttons underneath, so Tab enters the group once and the arrow keys move the choice.
 */
export function SymbolPicker({
  value,
  error,
  onChange,
}: {
  value: ProfessionSymbolId;
  error?: string;
  onChange: (value: ProfessionSymbolId) => void;
}) {
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={error ? 'professionSymbol-error' : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium">Profession symbol</legend>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {PROFESSION_SYMBOLS.map((symbol, index) => (
          <label key={symbol.id} className="relative block cursor-pointer">
            <input
              // The first option carries the id that a field error sends focus to.
              id={index === 0 ? 'professionSymbol' : undefined}
              type="radio"
              name="professionSymbol"
              value={symbol.id}
              checked={value === symbol.id}
              onChange={() => onChange(symbol.id)}
              className="peer sr-only"
            />
            {/* Not colour alone: the chosen symbol also carries a check mark. */}
            <Check
              className="absolute right-1.5 top-1.5 hidden h-4 w-4 text-accent peer-checked:block"
              aria-hidden="true"
            />
            <span className="flex h-full flex-col items-center gap-1 rounded-[var(--radius-control)] border border-white/25 bg-night-950/40 px-1 py-3 text-center transition-colors hover:bg-white/10 peer-checked:border-accent peer-checked:bg-accent/20 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent">
              <span className="text-3xl leading-none" aria-hidden="true">
                {symbol.emoji}
              </span>
              <span className="text-xs leading-snug sm:text-sm">{symbol.name}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="professionSymbol-error" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
