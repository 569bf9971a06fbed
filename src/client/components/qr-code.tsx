/**
 * A QR code of a URL, drawn by the `qrcode` library as an SVG image (group invite links, container
 * labels, the pickup code and pass). The library is fetched the first time a code is drawn, so no
 * page's first load carries it.
 */
import { useEffect, useState } from "react";

/**
 * `url` as a QR code image with `alt` text. Until it is drawn an empty box of the same size
 * (`className` sets it) holds its place, so nothing below it moves when it comes — a thread opened
 * at its newest message stays there (docs/features/everyday-journey.md). Nothing if it
 * cannot be drawn.
 */
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
  const [svg, setSvg] = useState<string | null | false>(null);
  useEffect(() => {
    let current = true;
    import("qrcode")
      .then(({ default: QRCode }) =>
        QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
      )
      .then((text) => {
        if (current) setSvg(text);
      })
      // Offline before the library was ever fetched: the code's digits are shown beside it anyway.
      .catch(() => {
        if (current) setSvg(false);
      });
    return () => {
      current = false;
    };
  }, [url]);
  if (svg === false) return null;
  if (svg === null) return <div className={className} aria-hidden="true" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={alt}
      className={className}
      data-testid={testId}
    />
  );
}
