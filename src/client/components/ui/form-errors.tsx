/**
 * The server's (or the shared schema's) errors as bullet lists per field, above the form, so every problem shows at once.
 * `labels` maps field names to the form's visible labels.
 */
export function FormErrors({ errors, labels = {} }: { errors: Record<string, string[]>; labels?: Record<string, string> }) {
  const entries = Object.entries(errors).filter(([, list]) => list.length);
  if (!entries.length) return null;
  return (
    <div role="alert" className="mb-5 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900" data-testid="form-errors">
      {entries.map(([field, list]) => (
        <div key={field} className="mb-2 last:mb-0">
          {labels[field] ? <p className="font-semibold">{labels[field]}</p> : null}
          <ul className="list-disc ps-5">
            {list.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
