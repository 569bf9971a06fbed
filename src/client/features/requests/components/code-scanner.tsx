/**
 * The cook's camera reading the eater's pickup QR code (docs/features/handover.md point 4): the
 * browser's BarcodeDetector where it has one, the jsQR library otherwise (both only once the cook opens
 * the scanner). What it reads is checked by `codeFromScan`: this request's code, or nothing.
 */
import jsQR from "jsqr";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { codeFromScan } from "@/contract/plain/requests";

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: {
      new (options: { formats: string[] }): BarcodeDetectorLike;
      getSupportedFormats(): Promise<string[]>;
    };
  }
}

const SCAN_EVERY_MS = 200;
const CANVAS_CONTEXT = "2d";

async function qrDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = window.BarcodeDetector;
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes("qr_code")
      ? new Detector({ formats: ["qr_code"] })
      : null;
  } catch {
    return null;
  }
}

/** Reads one frame of `video` with jsQR. */
function readWithJsQr(video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null {
  const { videoWidth: width, videoHeight: height } = video;
  if (!width || !height) return null;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext(CANVAS_CONTEXT, { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  const image = context.getImageData(0, 0, width, height);
  return jsQR(image.data, width, height)?.data ?? null;
}

export default function CodeScanner({
  requestId,
  onCode,
  onClose,
}: {
  requestId: string;
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("app");
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [unknown, setUnknown] = useState(false);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement("canvas");
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: "environment" },
          audio: false,
        });
      } catch {
        setProblem(t("The camera could not be opened. Type the code instead."));
        return;
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => {});
      const detector = await qrDetector();
      const scan = async () => {
        if (stopped) return;
        let text: string | null = null;
        if (detector) text = (await detector.detect(element).catch(() => []))[0]?.rawValue ?? null;
        else text = readWithJsQr(element, canvas);
        const code = text === null ? null : codeFromScan(text, requestId);
        if (code) {
          onCodeRef.current(code);
          return;
        }
        if (text !== null) setUnknown(true);
        timer = setTimeout(scan, SCAN_EVERY_MS);
      };
      void scan();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [requestId, t]);

  return (
    <div className="flex flex-col gap-2" data-testid="code-scanner">
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : (
        <>
          <video
            ref={video}
            className="aspect-square w-full max-w-xs rounded-md bg-black object-cover"
            muted
            playsInline
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {unknown
              ? t("That QR code is not this pickup's code.")
              : t("Hold their QR code in front of the camera.")}
          </p>
        </>
      )}
      <Button type="button" variant="outline" size="sm" className="self-start" onClick={onClose}>
        {t("Close the camera")}
      </Button>
    </div>
  );
}
