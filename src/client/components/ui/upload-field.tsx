import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { failureMessage } from '../../lib/failure.ts';
import { uploadFile, type UploadResult } from '../../lib/upload.ts';
import { checkUploadFile } from '../../lib/upload-check.ts';
import { stripBidiOverrides } from '../../../shared/bidi.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { useSiteConfig } from '../../lib/use-site-config.ts';

interface UploadFieldProps {
  label: string;
  /** image: images only; story/legal: images and videos. */
  purpose: 'image' | 'story' | 'legal';
  required?: boolean;
  hint?: string;
  /** Called with the stored upload (or null when cleared). */
  onUploaded(result: UploadResult | null): void;
  /** Lets the parent know an upload is running, to disable its submit button. */
  onBusyChange?(busy: boolean): void;
  /** Change this value to clear the field (after a successful submit). */
  resetKey?: number;
  error?: string[];
  /** The field's name in a post without JavaScript, which sends the file with the form. */
  name?: string;
  /** The page answers a refused post that carried a file: ask for it again (files are never kept). */
  chooseAgain?: boolean;
}

/**
 * A file input that uploads as soon as a file is chosen, with a preview and a progress bar, so the
 * form's submit only sends the upload id. A file of a type or size the server would refuse is
 * refused here before it is sent; the server still decides what is accepted.
 */
export function UploadField({ label, purpose, required, hint, onUploaded, onBusyChange, resetKey, error, name, chooseAgain }: UploadFieldProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  // Without JavaScript the browser's own file input shows which file was chosen; scripts replace it.
  const enhanced = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<{ url: string; kind: 'image' | 'video' } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const limits = useSiteConfig().data?.uploadLimits;
  // The file whose upload failed, sent again by Try again without choosing it anew.
  const [failedFile, setFailedFile] = useState<File | null>(null);

  useEffect(() => {
    setPreview(null);
    setProgress(null);
    setFailure(null);
    setInputKey((k) => k + 1);
    setFileName(null);
  }, [resetKey]);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview.url);
  }, [preview]);

  /** Shows why the file was not taken and empties the field, so the same file can be chosen again. */
  function refuse(text: string) {
    setFailure(text);
    setPreview(null);
    setProgress(null);
    setInputKey((k) => k + 1);
    setFileName(null);
  }

  async function choose(file: File | undefined) {
    setFailure(null);
    onUploaded(null);
    if (!file) {
      setPreview(null);
      return;
    }
    const check = limits ? checkUploadFile(file, { videos: purpose !== 'image', limits, language }) : { ok: true as const };
    if (!check.ok) return refuse(t(check.key, 'size' in check ? { size: check.size, max: check.max } : {}));
    setPreview({ url: URL.createObjectURL(file), kind: file.type.startsWith('video/') ? 'video' : 'image' });
    setProgress(0);
    onBusyChange?.(true);
    try {
      const result = await uploadFile(file, { purpose, language, onProgress: setProgress });
      setProgress(1);
      onUploaded(result);
    } catch (err) {
      setFailedFile(file);
      refuse(failureMessage(err, t));
    } finally {
      onBusyChange?.(false);
    }
  }

  // A file chosen before the scripts arrived is uploaded now, or the form would be sent without it.
  const chooseOnce = useEffectEvent((file: File) => {
    setFileName(file.name);
    void choose(file);
  });
  useEffect(() => {
    const early = input.current?.files?.[0];
    if (early) chooseOnce(early);
  }, []);

  const messages = [...(failure ? [failure] : []), ...(error ?? []), ...(chooseAgain && !fileName ? [t('public:forms.chooseFileAgain')] : [])];
  const describedBy = [hint ? `${id}-hint` : '', messages.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-stone-800">
        {label}
        {required ? <span className="text-red-700" aria-hidden="true"> *</span> : null}
      </label>
      {/* The native button speaks the browser's language, not the page's: it is hidden, and a
          translated one (a second label of the same input) stands in its place. */}
      <input
        key={inputKey}
        ref={input}
        id={id}
        type="file"
        name={name}
        accept={purpose === 'image' ? 'image/*' : 'image/*,video/*'}
        required={required}
        aria-describedby={describedBy}
        aria-invalid={messages.length ? true : undefined}
        onChange={(event) => {
          setFileName(event.target.files?.[0]?.name ?? null);
          void choose(event.target.files?.[0]);
        }}
        className={enhanced ? 'peer sr-only' : 'block max-w-full text-sm text-stone-800'}
      />
      <div
        className="flex items-center gap-3 rounded-md peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-plum-700"
        hidden={!enhanced}
      >
        <label htmlFor={id} className="cursor-pointer rounded-md bg-stone-100 px-3 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-200">
          {t('chooseFile')}
        </label>
        <span className="min-w-0 truncate text-sm text-stone-600" aria-hidden="true">
          {/* A name can carry direction overrides (U+202E makes "photo[U+202E]gpj.exe" read as photoexe.jpg): shown without them, isolated. */}
          <bdi>{fileName === null ? t('noFileChosen') : stripBidiOverrides(fileName)}</bdi>
        </span>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {progress !== null ? (
        <div className="mt-2 h-2 w-full overflow-hidden rounded-full bg-stone-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} aria-label={label}>
          <div className="h-full bg-plum-700 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      ) : null}
      {preview ? (
        <div className="mt-3">
          {preview.kind === 'image' ? (
            <img src={preview.url} alt="" className="max-h-48 rounded-md border border-stone-200 object-contain" />
          ) : (
            <video src={preview.url} className="max-h-48 rounded-md border border-stone-200" controls muted />
          )}
        </div>
      ) : null}
      {messages.length ? (
        <ul id={`${id}-error`} className="mt-1 list-disc ps-5 text-sm text-red-800">
          {messages.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      {failure && failedFile ? (
        <button
          type="button"
          onClick={() => {
            setFileName(failedFile.name);
            void choose(failedFile);
          }}
          className="mt-2 rounded-md px-3 py-1.5 text-sm font-semibold text-plum-800 ring-1 ring-plum-700 hover:bg-plum-50"
          data-testid="upload-try-again"
        >
          {t('tryAgain')}
        </button>
      ) : null}
    </div>
  );
}
