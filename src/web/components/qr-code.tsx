// A QR code of a text, drawn as an inline SVG (one path of dark squares on white, whatever the theme): no image
// URL, no inline style and no script, so the Content-Security-Policy has nothing to allow. Named for screen
// readers by `label`; what it holds must also be shown as text beside it, for whoever cannot scan.
import { useMemo } from "react";
import { encode } from "uqr";

/** The SVG path of the dark modules: one `h1v1h-1z` square each, rows joined into runs to keep it short. */
export function qrPath(data: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      let run = 1;
      while (row[x + run]) run += 1;
      parts.push(`M${x} ${y}h${run}v1h-${run}z`);
      x += run;
    }
  });
  return parts.join("");
}

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  // Medium error correction, and the 4-module quiet zone the standard asks for, so that phone cameras read it.
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: "M", border: 4 });
    return { size: qr.size, path: qrPath(qr.data) };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
