/**
 * A photo picker for forms: shows the chosen photo (or the placeholder). Its button opens the
 * device's own picker at once; the chosen photo then uploads by itself in the uploader's window, which
 * shows progress, retry and errors and is loaded only when first needed (Uppy is the heaviest part of
 * the client). One tap and a pick, not three (docs/features/everyday-journey.md).
 */
import { ImagePlus } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import type { RegisteredPhoto } from "@/contract/photos";
import { PHOTO_TYPES, thumbnailOf } from "@/contract/plain/photos";

const PhotoUploader = lazy(() =>
  import("./photo-uploader").then((module) => ({ default: module.PhotoUploader })),
);

/**
 * Opens the uploader from a button; `onUploaded` gets the stored photo. `iconOnly` shows the
 * camera alone (the label stays its accessible name), for a row as tight as the thread's message box.
 */
export function UploadPhotoButton({
  label,
  note,
  onUploaded,
  register,
  variant = "outline",
  disabled,
  iconOnly = false,
}: {
  label: string;
  iconOnly?: boolean;
  note: string;
  onUploaded?: (photo: RegisteredPhoto) => void;
  /** Instead of registering a meal or profile photo, e.g. send it in a thread. */
  register?: (uploadURL: string) => Promise<void>;
  variant?: "outline" | "ghost" | "default";
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          setPicked(file);
          setOpen(true);
        }}
      />
      <Button
        type="button"
        variant={variant}
        size={iconOnly ? "icon" : "sm"}
        disabled={disabled}
        aria-label={iconOnly ? label : undefined}
        title={iconOnly ? label : undefined}
        onClick={() => input.current?.click()}
      >
        <ImagePlus className="h-4 w-4" aria-hidden="true" /> {!iconOnly && label}
      </Button>
      {picked &&
        // In the page's body, not where the button is: a sticky, blurred box (the thread's message
        // box) is the containing block of anything fixed inside it, and squeezed the modal into itself.
        createPortal(
          <Suspense fallback={null}>
            <PhotoUploader
              open={open}
              picked={picked}
              onClose={() => setOpen(false)}
              onUploaded={onUploaded}
              register={register}
              note={note}
            />
          </Suspense>,
          document.body,
        )}
    </>
  );
}

/** The meal form's photo (spec §2 "Create New Meal": a photo upload). */
export function MealPhotoField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (objectPath: string | null) => void;
}) {
  const { t } = useTranslation("app");
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">{t("Photo (optional)")}</span>
      <div className="flex flex-wrap items-center gap-4">
        <img
          src={value ? thumbnailOf(value) : "/meal-placeholder.svg"}
          alt={value ? t("The meal's photo") : t("No photo yet")}
          width={160}
          height={120}
          className="aspect-[4/3] w-40 rounded-md bg-muted object-cover"
          data-testid="meal-photo-preview"
        />
        <div className="flex flex-col gap-2">
          <UploadPhotoButton
            label={value ? t("Change Photo") : t("Upload Photo")}
            note={t("One photo, up to 25 MB (large ones are made smaller)")}
            onUploaded={(photo) => {
              onChange(photo.objectPath);
              toast({ title: t("Photo uploaded.") });
            }}
          />
          {value && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              {t("Remove photo")}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
