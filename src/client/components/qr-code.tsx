/**
 * A QR code of a URL, drawn by the `qrcode` library as an SVG image (group invite links, container
 * labels). Only the pages that show one load the library.
 */
import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** `url` as a QR code image with `alt` text; nothing until it is drawn. */
export function QrCode({
  url,
  alt,
  className,
  testId,
}: {
  url: string;
  alt: string;
  className?: string;
  testId?: string;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then((text) => {
      if (current) setSvg(text);
    });
    return () => {
      current = false;
    };
  }, [url]);
  if (!svg) return null;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={alt}
      className={className}
      data-testid={testId}
    />
  );
}
