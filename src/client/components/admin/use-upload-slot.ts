import { useState } from 'react';
import type { UploadResult } from '../../lib/upload.ts';

/**
 * The one file field of an add or edit form. The file is uploaded as soon as it is chosen
 * (decision 003); the form sends its id, and waits while an upload runs. `field` is the input's
 * name for the upload id (`imageUploadId`), under which its errors come.
 */
export function useUploadSlot(field: string, form: { errors: Record<string, string[]>; clear(...fields: string[]): void }) {
  const [upload, setUpload] = useState<UploadResult | null>(null);
  const [uploading, setUploading] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  return {
    id: upload?.id,
    /** What the chosen file is: a picture needs alt text, a video does not. */
    kind: upload?.kind,
    uploading,
    /** Empties the field, after the item it belonged to was added. */
    reset: () => {
      setUpload(null);
      setResetKey((key) => key + 1);
    },
    /** Spread into <UploadField>. */
    props: {
      onUploaded: (result: UploadResult | null) => {
        setUpload(result);
        if (result) form.clear(field);
      },
      onBusyChange: setUploading,
      resetKey,
      error: form.errors[field],
    },
  };
}
