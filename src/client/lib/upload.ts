import { RequestFailure } from './failure.ts';
import { readXsrfToken } from './trpc.ts';

export interface UploadResult {
  id: string;
  kind: 'image' | 'video';
  mime: string;
  path: string;
  url: string;
  width: number | null;
  height: number | null;
}

/**
 * Sends one file to POST /api/uploads with XMLHttpRequest, because fetch still cannot report
 * upload progress. `purpose` story|legal allows videos.
 */
export function uploadFile(
  file: File,
  options: { purpose?: 'story' | 'legal' | 'image'; language: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // The purpose travels in the address too, so the server holds an image to the image limit
    // from its declared size, before a byte of it is sent.
    xhr.open('POST', `/api/uploads?purpose=${options.purpose ?? 'image'}`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('X-Lang', options.language);
    const token = readXsrfToken();
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (UploadResult & { message?: string }) | null;
      if (xhr.status === 201 && body) return resolve(body);
      // Our own refusals (too large, wrong type) carry a sentence in the reader's language; a proxy's page does not.
      // 503 is ours too when it carries one (the media queue is busy: "try again in a few minutes").
      if ((xhr.status < 500 || xhr.status === 503) && typeof body?.message === 'string') return reject(new RequestFailure(null, body.message));
      reject(new RequestFailure(body ? 'server' : 'proxy', `Upload answered ${xhr.status}`));
    };
    xhr.onerror = () => reject(new RequestFailure(navigator.onLine === false ? 'offline' : 'upload', 'Upload connection failed'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    if (options.purpose) form.append('purpose', options.purpose);
    form.append('file', file);
    xhr.send(form);
  });
}
