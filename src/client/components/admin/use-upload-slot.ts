import { useState } from 'react';
import type { UploadResult } from '../../lib/upload.ts';
import type { LibraryPicture } from './library/library-card.tsx';

/**
 * The one file field of an add or edit form. The file is uploaded as soon as it is chosen
 * (decision 003), or a picture of the library is chosen instead (decision 035); the form sends its
 * id either way, and waits while an upload runs. `field` is the input's name for the upload id
 * (`imageUploadId`), under which its errors come.
 */
export function useUploadSlot(field: string, form: { errors: Record<string, string[]>; clear(...fields: string[]): void }) {
  const [upload, setUpload] = useState<UploadResult | null>(null);
  const [fromLibrary, setFromLibrary] = useState<LibraryPicture | null>(null);
  const [uploading, setUploading] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  return {
    id: upload?.id,
    /** What the chosen file is: a picture needs alt text, a video does not. */
    kind: upload?.kind,
    uploading,
    /** The library picture chosen instead of a file, if any (its preview). */
    fromLibrary,
    /** Takes a picture of the library in place of a file: the file field empties. */
    chooseFromLibrary: (picture: LibraryPicture) => {
      setUpload({ id: picture.id, kind: 'image', mime: '', path: picture.path, url: picture.url, width: picture.width, height: picture.height });
      setFromLibrary(picture);
      setResetKey((key) => key + 1);
      form.clear(field);
    },
    /** Empties the field, after the item it belonged to was added. */
    reset: () => {
      setUpload(null);
      setFromLibrary(null);
      setResetKey((key) => key + 1);
    },
    /** Spread into <UploadField>. */
    props: {
      onUploaded: (result: UploadResult | null) => {
        setUpload(result);
        // A file chosen (or cleared) replaces the library's picture.
        setFromLibrary(null);
        if (result) form.clear(field);
      },
      onBusyChange: setUploading,
      resetKey,
      error: form.errors[field],
    },
  };
}
