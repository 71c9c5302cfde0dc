import { useMemo } from 'react';
import { encode } from 'uqr';

/** The quiet zone a phone's camera needs around the code, in modules (ISO/IEC 18004: 4). */
const QUIET_ZONE = 4;

/** One path of a module's square each, dark on light: crisp at any size, nothing but SVG. */
function modulesPath(data: boolean[][]): string {
  const squares: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return squares.join('');
}

/**
 * A QR code of `text` (the address phones join at), drawn as SVG from uqr's modules: an image
 * whose accessible name says what it is and where it leads.
 */
export function JoinQr({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: QUIET_ZONE });
    return { size: qr.size, path: modulesPath(qr.data) };
  }, [text]);
  return (
    <svg
      className="join-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-qr-text={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
