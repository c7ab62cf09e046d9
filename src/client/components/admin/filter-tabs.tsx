/** A row of filter buttons (contacts by status, stories by state); the pressed one is the current filter. */
export function FilterTabs<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
}) {
  return (
    <div role="group" aria-label={label} className="mb-5 inline-flex flex-wrap gap-1 rounded-lg bg-white p-1 shadow-sm ring-1 ring-stone-200">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`rounded-md px-3 py-1.5 text-sm font-semibold ${value === option.value ? 'bg-plum-700 text-white' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
