import { useId } from 'react';

export type ListFilter<Name extends string> = {
  name: Name;
  label: string;
  /** The first choice, which means "no filter". */
  allLabel: string;
  options: readonly { value: string; label: string }[];
};

type ListFiltersProps<Name extends string> = {
  legend: string;
  clearLabel: string;
  filters: readonly ListFilter<Name>[];
  value: Partial<Record<Name, string | undefined>>;
  /** Every filter's value; the route's search schema drops a value it does not know. */
  onChange: (next: Record<Name, string | undefined>) => void;
};

/** A list's filters as a row of selects, and "Clear filters" once any is set. */
export function ListFilters<Name extends string>({
  legend,
  clearLabel,
  filters,
  value,
  onChange,
}: ListFiltersProps<Name>) {
  const current = Object.fromEntries(filters.map((filter) => [filter.name, value[filter.name]])) as Record<
    Name,
    string | undefined
  >;
  const cleared = Object.fromEntries(filters.map((filter) => [filter.name, undefined])) as Record<
    Name,
    string | undefined
  >;
  const hasFilters = filters.some((filter) => current[filter.name] !== undefined);
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{legend}</legend>
      {filters.map((filter) => (
        <FilterSelect
          key={filter.name}
          label={filter.label}
          allLabel={filter.allLabel}
          value={current[filter.name]}
          options={filter.options}
          onChange={(selected) => onChange({ ...current, [filter.name]: selected })}
        />
      ))}
      {hasFilters && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(cleared)}>
          {clearLabel}
        </button>
      )}
    </fieldset>
  );
}

type FilterSelectProps = {
  label: string;
  allLabel: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
};

/** A small labelled select: the empty first choice removes the filter. */
function FilterSelect({ label, allLabel, value, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 sm:w-auto">
      <label htmlFor={id} className="text-xs font-medium">
        {label}
      </label>
      <select
        id={id}
        className="select select-sm w-full sm:w-48"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
