import { encode } from 'uqr';

/**
 * A QR code drawn here, from the text itself: the authenticator's key never goes to a service that
 * draws codes. One path of unit squares, with the quiet zone the standard asks for.
 */
export function QrCode({ text, label, className = 'size-48' }: { text: string; label: string; className?: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x} ${y}h1v1h-1z` : '')));
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      className={`${className} rounded-lg bg-white ring-1 ring-stone-200`}
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#1c1917" />
    </svg>
  );
}
