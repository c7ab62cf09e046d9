/**
 * A form field's label. A required field's mark is for the eye only: the input itself says it is
 * required to assistive technology. Admin and public forms style it each their own way.
 */
export function FieldLabel({
  id,
  label,
  required,
  className,
  markClassName,
}: {
  id: string;
  label: string;
  required?: boolean;
  className: string;
  markClassName: string;
}) {
  return (
    <label htmlFor={id} className={className}>
      {label}
      {required ? (
        <span className={markClassName} aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}
