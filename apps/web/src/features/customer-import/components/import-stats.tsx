/** Counts side by side: stacked on a phone, in a row from small screens up. */
export function ImportStats({
  label,
  stats,
}: {
  label: string;
  /** id, label, value, text colour class */
  stats: [string, string, number, string][];
}) {
  return (
    <dl aria-label={label} className="stats stats-vertical w-full border border-base-300 sm:stats-horizontal">
      {stats.map(([id, name, value, tone]) => (
        <div key={id} className="stat px-4 py-3" data-stat={id}>
          <dt className="stat-title">{name}</dt>
          <dd className={`stat-value text-2xl ${tone}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
