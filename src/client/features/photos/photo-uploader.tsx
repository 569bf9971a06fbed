/**
 * The photo uploader (spec §2 "Notifications and uploads", §7 photo flow, §8, §9): Uppy's
 * Dashboard in a modal, given the file the device's picker chose and uploading it at once — one image, up to 25 MB picked, made at most 2400 px and re-encoded in the
 * browser (@uppy/compressor) so it arrives under the server's 5 MB, closed with Escape — that asks for
 * an upload URL, PUTs the file there with progress, pause/resume, cancel and retry (@uppy/aws-s3 in
 * single-PUT mode: the same flow for the local driver's URL and a bucket's presigned URL; spec §9 uses
 * multipart only above 100 MB), then registers it (`PUT /api/meal-photos`) in Uppy's post-processing
 * step and hands the stored photo's path to the caller.
 */
import AwsS3 from "@uppy/aws-s3";
import Compressor from "@uppy/compressor";
import Uppy, { type UppyOptions } from "@uppy/core";
import DashboardModal from "@uppy/react/dashboard-modal";
import { useEffect, useState } from "react";
import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import "./uppy-theme.css";
import ar_SA from "@uppy/locales/lib/ar_SA";
import de_DE from "@uppy/locales/lib/de_DE";
import en_US from "@uppy/locales/lib/en_US";
import es_ES from "@uppy/locales/lib/es_ES";
import fr_FR from "@uppy/locales/lib/fr_FR";
import pl_PL from "@uppy/locales/lib/pl_PL";
import tr_TR from "@uppy/locales/lib/tr_TR";
import uk_UA from "@uppy/locales/lib/uk_UA";
import { toast } from "@/client/components/ui/use-toast";
import { apiRequest } from "@/client/lib/api-client";
import { currentLanguage, i18n } from "@/client/lib/i18n";
import { isTouchScreen } from "@/client/lib/touch";
import type { Language } from "@/contract/languages";
import type { RegisteredPhoto, UploadParams } from "@/contract/photos";
import { PHOTO_PICK_MAX_BYTES, PHOTO_TYPES } from "@/contract/plain/photos";

type Meta = Record<string, never>;

const UPPY_LOCALES: Record<Language, UppyOptions<Meta, PhotoBody>["locale"]> = {
  en: en_US,
  es: es_ES,
  de: de_DE,
  fr: fr_FR,
  ar: ar_SA,
  tr: tr_TR,
  uk: uk_UA,
  pl: pl_PL,
};
type PhotoBody = Record<string, unknown>;

/**
 * What happens to an uploaded file: by default it is registered as a meal or profile photo
 * (`PUT /api/meal-photos`); a thread sends it as a message instead (docs/features/handover.md point 1).
 */
export type RegisterUpload = (uploadURL: string) => Promise<void>;

function createUppy(
  onRegistered: (photo: RegisteredPhoto) => void,
  register?: () => RegisterUpload | undefined,
) {
  /** The upload URL each file was last PUT to: resuming after a pause asks for a fresh one. */
  const uploadUrls = new Map<string, string>();
  const uppy = new Uppy<Meta, PhotoBody>({
    restrictions: { maxNumberOfFiles: 1, maxFileSize: PHOTO_PICK_MAX_BYTES, allowedFileTypes: PHOTO_TYPES },
    autoProceed: false,
    // Uppy's own words (Drop files here, Upload, Pause...) from its language packs
    // (docs/features/languages-currency-impact.md).
    locale: UPPY_LOCALES[currentLanguage()],
  });
  // Phone photos are 3–12 MB: at most 2400 px and JPEG quality 0.8 they are well under 5 MB, and
  // the server stores 1600 px anyway. What the browser cannot decode (HEIC) goes as it is.
  uppy.use(Compressor<Meta, PhotoBody>, { quality: 0.8, maxWidth: 2400, maxHeight: 2400 });
  uppy.use(AwsS3<Meta, PhotoBody>, {
    shouldUseMultipart: false,
    limit: 1,
    // The server names the object; the requested key only tells signRequest which file it is for.
    generateObjectKey: (file) => file.id,
    signRequest: async ({ key: fileId }) => {
      const response = await apiRequest("POST", "/api/objects/upload", {
        contentLength: uppy.getFile(fileId)?.size ?? undefined,
      });
      const { uploadURL } = (await response.json()) as UploadParams;
      uploadUrls.set(fileId, uploadURL);
      return { url: uploadURL };
    },
  });
  uppy.on("upload-error", (_file, error) => toastUploadError(error));

  uppy.addPostProcessor(async (fileIds) => {
    for (const id of fileIds) {
      const file = uppy.getFile(id);
      uppy.emit("postprocess-progress", file, {
        mode: "indeterminate",
        message: i18n.t("Processing photo...", { ns: "app" }),
      });
      const custom = register?.();
      try {
        const uploadURL = uploadUrls.get(id) ?? "";
        if (custom) await custom(uploadURL);
        else {
          const response = await apiRequest("PUT", "/api/meal-photos", { photoURL: uploadURL });
          onRegistered((await response.json()) as RegisteredPhoto);
        }
      } catch (error) {
        // A custom step says what went wrong itself (e.g. "Failed to send message").
        if (!custom)
          toast({
            title: i18n.t("Upload error", { ns: "app" }),
            description: i18n.t("Failed to process uploaded photo. Please try again.", { ns: "app" }),
            variant: "destructive",
          });
        // The file failed, said once: no "Upload complete" tick beside the error
        // (docs/features/everyday-journey.md).
        uppy.setFileState(id, {
          error: i18n.t("Not a photo we could read", { ns: "app" }),
          progress: { ...file.progress, uploadComplete: false },
        });
        throw error;
      } finally {
        uppy.emit("postprocess-complete", file);
      }
    }
  });
  return uppy;
}

export function PhotoUploader({
  open,
  picked,
  onClose,
  onUploaded,
  register,
  note,
}: {
  open: boolean;
  /** The file the device's picker chose: it replaces any earlier one and uploads at once. */
  picked: File;
  onClose: () => void;
  onUploaded?: (photo: RegisteredPhoto) => void;
  /** Does something else with the uploaded file than registering it as a meal or profile photo. */
  register?: RegisterUpload;
  note: string;
}) {
  const onUploadedRef = useLatest(onUploaded);
  const registerRef = useLatest(register);
  // Dashboard's defaults are the spec's: 750 × 550, thumbnails 280 wide (spec §9).
  const [uppy] = useState(() =>
    createUppy(
      (photo) => onUploadedRef.current?.(photo),
      () => registerRef.current,
    ),
  );

  useEffect(() => {
    const onComplete = (result: { successful?: unknown[] }) => {
      if (result.successful?.length) {
        onClose();
        uppy.clear();
      }
    };
    uppy.on("complete", onComplete);
    return () => {
      uppy.off("complete", onComplete);
    };
  }, [uppy, onClose]);
  useEffect(() => () => uppy.destroy(), [uppy]);
  useEffect(() => {
    uppy.cancelAll();
    try {
      uppy.addFile({ name: picked.name, type: picked.type, data: picked });
    } catch {
      // Uppy says why (too large, not a photo) in the modal's own information line.
      return;
    }
    void uppy.upload();
  }, [uppy, picked]);

  const [phoneWords] = useState(phoneLocale);
  return (
    <DashboardModal
      uppy={uppy}
      locale={phoneWords}
      open={open}
      onRequestClose={onClose}
      closeModalOnClickOutside
      closeAfterFinish={false}
      proudlyDisplayPoweredByUppy={false}
      note={note}
    />
  );
}

/**
 * On a touch screen nothing can be dropped: the Dashboard offers one button that opens the phone's
 * own picker (its camera among the choices), not "Drop files here or browse files"
 * (docs/features/everyday-journey.md).
 */
function phoneLocale() {
  if (!isTouchScreen()) return undefined;
  return {
    strings: {
      // eslint-disable-next-line i18next/no-literal-string -- Uppy's placeholder for its button, not words
      dropPasteFiles: "%{browseFiles}",
      browseFiles: i18n.t("Choose or take a photo", { ns: "app" }),
    },
  };
}

/**
 * spec §8 "Uploader": a 401 says 'Authorization required'; a 4xx with a message shows that
 * message (our upload target answers docs/DESIGN.md §4 JSON errors; a bucket answers XML, whose
 * message Uppy's own error line already carries).
 */
function toastUploadError(error: unknown) {
  const { status, body } = (error ?? {}) as { status?: number; body?: unknown };
  if (status === 401) {
    toast({
      title: i18n.t("Authorization required", { ns: "app" }),
      description: i18n.t("Please sign in again.", { ns: "app" }),
      variant: "destructive",
    });
    return;
  }
  if (status && status >= 400 && status < 500 && typeof body === "string") {
    const message = jsonMessage(body);
    if (message)
      toast({ title: i18n.t("Upload error", { ns: "app" }), description: message, variant: "destructive" });
  }
}

function jsonMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === "string" ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/** A ref that always holds the latest value, so Uppy's long-lived callbacks call the current prop. */
function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
