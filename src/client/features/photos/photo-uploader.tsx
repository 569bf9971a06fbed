/**
 * The photo uploader (spec §2 "Notifications and uploads", §7 photo flow, §9): Uppy's Dashboard
 * in a modal — one image, at most 5 MB, closed with Escape — that asks for an upload URL, PUTs
 * the file there with progress, cancel and retry, then registers it (`PUT /api/meal-photos`) in
 * Uppy's post-processing step and hands the stored photo's path to the caller.
 */
import Uppy, { type UppyFile } from "@uppy/core";
import DashboardModal from "@uppy/react/dashboard-modal";
import XHRUpload from "@uppy/xhr-upload";
import { useEffect, useState } from "react";
import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import { toast } from "@/client/components/ui/use-toast";
import { apiRequest } from "@/client/lib/api-client";
import { PHOTO_MAX_BYTES, PHOTO_TYPES, type RegisteredPhoto, type UploadParams } from "@/contract/photos";

type Meta = Record<string, never>;
type PhotoBody = Record<string, unknown>;

function createUppy(onRegistered: (photo: RegisteredPhoto) => void) {
  const uploadUrls = new Map<string, string>();
  const uppy = new Uppy<Meta, PhotoBody>({
    restrictions: { maxNumberOfFiles: 1, maxFileSize: PHOTO_MAX_BYTES, allowedFileTypes: PHOTO_TYPES },
    autoProceed: false,
  }).use(XHRUpload, {
    method: "PUT",
    formData: false,
    limit: 1,
    // A presigned bucket URL answers with an empty body; nothing in it is needed.
    getResponseData: () => ({}),
    endpoint: async (file) => {
      const single = file as UppyFile<Meta, PhotoBody>;
      const response = await apiRequest("POST", "/api/objects/upload", {
        contentLength: single.size ?? undefined,
      });
      const { uploadURL } = (await response.json()) as UploadParams;
      uploadUrls.set(single.id, uploadURL);
      return uploadURL;
    },
  });

  uppy.addPostProcessor(async (fileIds) => {
    for (const id of fileIds) {
      const file = uppy.getFile(id);
      uppy.emit("postprocess-progress", file, { mode: "indeterminate", message: "Processing photo..." });
      try {
        const response = await apiRequest("PUT", "/api/meal-photos", { photoURL: uploadUrls.get(id) });
        onRegistered((await response.json()) as RegisteredPhoto);
      } catch (error) {
        toast({
          title: "Upload error",
          description: "Failed to process uploaded photo. Please try again.",
          variant: "destructive",
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
  onClose,
  onUploaded,
  note,
}: {
  open: boolean;
  onClose: () => void;
  onUploaded: (photo: RegisteredPhoto) => void;
  note: string;
}) {
  const onUploadedRef = useLatest(onUploaded);
  // Dashboard's defaults are the spec's: 750 × 550, thumbnails 280 wide (spec §9).
  const [uppy] = useState(() => createUppy((photo) => onUploadedRef.current(photo)));

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

  return (
    <DashboardModal
      uppy={uppy}
      open={open}
      onRequestClose={onClose}
      closeModalOnClickOutside
      closeAfterFinish={false}
      proudlyDisplayPoweredByUppy={false}
      note={note}
    />
  );
}

/** A ref that always holds the latest value, so Uppy's long-lived callbacks call the current prop. */
function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
